-- The whole product's schema. Money is integer paise (bigint) everywhere: 1 point = 100 paise.
-- Market days are DATE (a calendar day in MARKET_TZ); instants are timestamptz; market times 'HH:mm'.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  phone text NOT NULL UNIQUE CHECK (phone ~ '^[6-9][0-9]{9}$'),
  password_hash text NOT NULL,
  image text,
  is_verified boolean NOT NULL DEFAULT false,
  balance_paise bigint NOT NULL DEFAULT 0 CHECK (balance_paise >= 0),
  globel_batting boolean NOT NULL DEFAULT true,
  is_blocked boolean NOT NULL DEFAULT false,
  referral_code text NOT NULL UNIQUE,
  referred_by uuid REFERENCES users(id),
  device_token text,
  device_token_updated_at timestamptz,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_created_idx ON users (created_at DESC);

CREATE TABLE admins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL UNIQUE CHECK (length(username) BETWEEN 3 AND 64),
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin')),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Bearer tokens, stored as sha256 hex of the random token; exactly one owner.
CREATE TABLE auth_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  admin_id uuid REFERENCES admins(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  CHECK ((user_id IS NULL) <> (admin_id IS NULL))
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id) WHERE revoked_at IS NULL;

-- One-time codes, stored only as an HMAC of (phone, purpose, code).
CREATE TABLE otps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  phone text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('login', 'registration', 'password')),
  code_hmac text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otps_phone_idx ON otps (phone, created_at DESC);

CREATE TABLE sms_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  phone text NOT NULL,
  purpose text,
  text text NOT NULL,
  provider text NOT NULL,
  status text NOT NULL DEFAULT 'stored' CHECK (status IN ('stored', 'sent', 'failed')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_phone_idx ON sms_outbox (phone, created_at DESC);

-- A verified password-reset OTP grants one reset for that phone for 10 minutes.
CREATE TABLE password_reset_grants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  phone text NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_grants_phone_idx ON password_reset_grants (phone, created_at DESC);

-- Fixed-window counters (OTP sends, login attempts) so every server process sees the same limits.
CREATE TABLE rate_limit_buckets (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_buckets_expiry_idx ON rate_limit_buckets (expires_at);

CREATE TABLE games (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  family text NOT NULL CHECK (family IN ('main', 'starline', 'galidisawar')),
  game_name text NOT NULL CHECK (length(game_name) BETWEEN 1 AND 80),
  open_time text NOT NULL CHECK (open_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  close_time text CHECK (close_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  is_active boolean NOT NULL DEFAULT true,
  current_market_status boolean NOT NULL DEFAULT true,
  market_status boolean NOT NULL DEFAULT true,
  -- The money helper's scheduler draws results itself for games with auto_result (demo markets).
  auto_result boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (family <> 'main' OR close_time IS NOT NULL)
);
CREATE UNIQUE INDEX games_name_uniq ON games (family, lower(game_name));

-- weekday 0 = sunday ... 6 = saturday.
CREATE TABLE game_schedules (
  game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  open_time text NOT NULL CHECK (open_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  close_time text CHECK (close_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  market_status boolean NOT NULL DEFAULT true,
  PRIMARY KEY (game_id, weekday)
);

-- One row per family; flat keys such as singleDigitPoint / singleDigitAmount.
CREATE TABLE rates (
  family text PRIMARY KEY CHECK (family IN ('main', 'starline', 'galidisawar')),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  rates jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Keys: contact, app-link, required-update, maintenance.
CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sliders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  image_url text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE videos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  youtube_id text NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE footer_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_logos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  image_url text NOT NULL,
  app_title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE device_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_tokens_user_idx ON device_tokens (user_id);

-- One row per game and market day. Main: open panna/digit, then close panna/digit (jodi = both
-- digits). Starline: panna + digit. Galidisawar: jodi.
CREATE TABLE results (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  family text NOT NULL CHECK (family IN ('main', 'starline', 'galidisawar')),
  game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  result_date date NOT NULL,
  open_panna text CHECK (open_panna ~ '^[0-9]{3}$'),
  open_digit text CHECK (open_digit ~ '^[0-9]$'),
  close_panna text CHECK (close_panna ~ '^[0-9]{3}$'),
  close_digit text CHECK (close_digit ~ '^[0-9]$'),
  panna text CHECK (panna ~ '^[0-9]{3}$'),
  digit text CHECK (digit ~ '^[0-9]$'),
  jodi text CHECK (jodi ~ '^[0-9]{2}$'),
  open_declared_at timestamptz,
  close_declared_at timestamptz,
  declared_by uuid REFERENCES admins(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (game_id, result_date),
  CHECK (close_panna IS NULL OR open_panna IS NOT NULL)
);
CREATE INDEX results_family_date_idx ON results (family, result_date DESC);

-- One row per atom (what a bid settles as). request_id groups the atoms of one submission.
CREATE TABLE bids (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id),
  game_id uuid NOT NULL REFERENCES games(id),
  family text NOT NULL CHECK (family IN ('main', 'starline', 'galidisawar')),
  game_type text NOT NULL,
  session text CHECK (session IN ('Open', 'Close')),
  digit text,
  open_digit text,
  close_digit text,
  open_panna text,
  close_panna text,
  panna_type text CHECK (panna_type IN ('SP', 'DP', 'TP', 'ODD', 'EVEN')),
  atom jsonb NOT NULL,
  bid_date date NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'won', 'lost')),
  win_paise bigint NOT NULL DEFAULT 0 CHECK (win_paise >= 0),
  -- Bumped by each settlement (and revert) so a re-settlement's ledger ref_id stays unique.
  settle_count integer NOT NULL DEFAULT 0,
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bids_game_day_idx ON bids (game_id, bid_date, status);
CREATE INDEX bids_user_idx ON bids (user_id, created_at DESC);
CREATE INDEX bids_request_idx ON bids (request_id);

-- Every balance change is a row. amount_paise is signed (credit > 0, debit < 0).
-- UNIQUE (kind, ref_id): a credit for one bid / order / referral can exist only once.
CREATE TABLE ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  amount_paise bigint NOT NULL CHECK (amount_paise <> 0),
  kind text NOT NULL,
  ref_id text NOT NULL,
  description text NOT NULL,
  status text NOT NULL DEFAULT 'completed' CHECK (status IN ('completed', 'pending', 'failed')),
  balance_after_paise bigint,
  created_by uuid REFERENCES admins(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, ref_id)
);
CREATE INDEX ledger_user_idx ON ledger (user_id, created_at DESC);

CREATE TABLE fund_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'rejected')),
  note text,
  decided_by uuid REFERENCES admins(id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fund_requests_user_idx ON fund_requests (user_id, created_at DESC);
CREATE INDEX fund_requests_status_idx ON fund_requests (status, created_at DESC);

CREATE TABLE payment_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users(id),
  fund_request_id uuid NOT NULL UNIQUE REFERENCES fund_requests(id),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
  provider text NOT NULL,
  provider_ref text,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_orders_user_idx ON payment_orders (user_id, created_at DESC);

-- Gateway webhook events, de-duplicated by the gateway's event id.
CREATE TABLE payment_events (
  event_id text PRIMARY KEY,
  order_id text,
  provider text NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE withdrawal_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  method text NOT NULL CHECK (method IN ('phonepe', 'gpay', 'paytm', 'bank')),
  phone_number text,
  account_holder_name text,
  account_number text,
  ifsc_code text,
  bank_name text,
  branch_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, method)
);

CREATE TABLE withdrawals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  method text NOT NULL CHECK (method IN ('phonepe', 'gpay', 'paytm', 'bank')),
  method_details jsonb NOT NULL DEFAULT '{}'::jsonb,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  note text,
  decided_by uuid REFERENCES admins(id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at DESC);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, created_at DESC);

-- referee_id is unique: a player is referred at most once.
CREATE TABLE referrals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  referrer_id uuid NOT NULL REFERENCES users(id),
  referee_id uuid NOT NULL UNIQUE REFERENCES users(id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed')),
  reward_paise bigint NOT NULL DEFAULT 0 CHECK (reward_paise >= 0),
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (referrer_id <> referee_id)
);
CREATE INDEX referrals_referrer_idx ON referrals (referrer_id, created_at DESC);

-- user_id NULL = a broadcast to everyone (result declared).
CREATE TABLE push_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL,
  image text,
  link text,
  icon text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  dedupe_key text UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  claimed_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_outbox_pending_idx ON push_outbox (status, created_at);

CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL DEFAULT 'in_progress' CHECK (state IN ('in_progress', 'done')),
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Draws the scheduler must run (auto-result games); claimed by one worker at a time.
CREATE TABLE scheduled_draws (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  game_id uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  market_day date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('open', 'close', 'draw')),
  run_at timestamptz NOT NULL,
  claimed_at timestamptz,
  claimed_by text,
  done_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (game_id, market_day, kind)
);
CREATE INDEX scheduled_draws_due_idx ON scheduled_draws (run_at) WHERE done_at IS NULL;
