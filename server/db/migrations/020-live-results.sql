-- Live results and followed markets (issue 40): the result events the event stream sends
-- (GET /api/v1/events), each player's notification choices, result pushes to their audience only,
-- and what the device list shows.

-- One row per declaration or revert, written in the transaction that declares or reverts. Ids come
-- from a one-row counter locked until that transaction commits, so events commit in id order and a
-- reader that has seen id N never meets a smaller id later (a sequence would not promise that: two
-- declarations can commit in the other order than they took their ids). `payload` is the event's
-- data as the stream sends it.
CREATE TABLE result_event_counter (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  last_id bigint NOT NULL
);
INSERT INTO result_event_counter (only_row, last_id) VALUES (true, 0);

CREATE TABLE result_events (
  id bigint PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('result', 'revert')),
  family text NOT NULL CHECK (family IN ('main', 'starline', 'galidisawar')),
  game_id uuid NOT NULL,
  result_date date NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX result_events_created_idx ON result_events (created_at);

-- Every process's stream wakes on the change feed's 'reads' notification (migration 004); a
-- declaration already sends one through `results`, and PostgreSQL folds the two into one.
CREATE TRIGGER result_events_changes AFTER INSERT ON result_events
  FOR EACH STATEMENT EXECUTE FUNCTION matka_notify_change('reads');

-- A player's notification choices; no row means the defaults (every result, wins, funds).
CREATE TABLE notification_prefs (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  results text NOT NULL DEFAULT 'all' CHECK (results IN ('all', 'followed', 'none')),
  markets uuid[] NOT NULL DEFAULT '{}',
  wins boolean NOT NULL DEFAULT true,
  funds boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- "Who follows this market": the audience of one result push.
CREATE INDEX notification_prefs_markets_idx ON notification_prefs USING gin (markets);

-- A result push stays one row for its whole audience: the market it is about decides who gets it
-- when it is sent. `topic` says which choice a player's own push follows ('win', 'funds').
ALTER TABLE push_outbox ADD COLUMN game_id uuid;
ALTER TABLE push_outbox ADD COLUMN topic text CHECK (topic IN ('result', 'win', 'funds'));
CREATE INDEX push_outbox_user_idx ON push_outbox (user_id, created_at DESC) WHERE user_id IS NOT NULL;
CREATE INDEX push_outbox_broadcast_idx ON push_outbox (created_at DESC) WHERE user_id IS NULL;

-- The device list names each device by its browser and system (from the User-Agent it registered
-- with). Tokens a registration stored only on the player's row join the list.
ALTER TABLE device_tokens ADD COLUMN browser text;
ALTER TABLE device_tokens ADD COLUMN os text;
INSERT INTO device_tokens (user_id, token, created_at, updated_at)
  SELECT id, device_token, coalesce(device_token_updated_at, created_at), coalesce(device_token_updated_at, created_at)
    FROM users WHERE device_token IS NOT NULL
  ON CONFLICT (token) DO NOTHING;
