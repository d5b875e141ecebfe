-- Result feeds and chart history (issue 46; docs/result-feeds.md): the result services an owner
-- lists, every report they send with its outcome, and where each declared half of a result came
-- from (an operator, the automatic draw, the feed's agreeing sources, or a chart import).

-- A source pushes to /api/results/feed/{RESULT_FEED_SECRET}/{name} (kind push) or is polled at its
-- url (kind json-url). `markets` maps the source's market names, compared without case or spaces
-- (the key stored as the owner typed it), to our games' ids. A poll is claimed with a lease so one
-- process at a time polls a source.
CREATE TABLE result_sources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name ~ '^[A-Za-z0-9-]{1,40}$'),
  kind text NOT NULL CHECK (kind IN ('push', 'json-url')),
  url text CHECK (url ~ '^https?://'),
  enabled boolean NOT NULL DEFAULT true,
  markets jsonb NOT NULL DEFAULT '{}'::jsonb,
  next_poll_at timestamptz,
  poll_lease_until timestamptz,
  poll_lease_by text,
  last_polled_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'json-url' OR url IS NOT NULL)
);
CREATE UNIQUE INDEX result_sources_name_uniq ON result_sources (lower(name));

-- One row per session a source reported (a main "123-68-440" is two rows: open and close), or one
-- row for a report that could not be read. `source` keeps the name at the time (a deleted source's
-- reports stay). A report that repeats the same source's newest one word for word with the same
-- outcome is not stored again (a poll a minute would store one page 1,440 times a day): the
-- `fingerprint` names what it said. `outcome` moves on when a later report decides: a waiting
-- report becomes agreed (a quorum declared it) or conflict (another source disagreed).
CREATE TABLE result_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_id uuid REFERENCES result_sources(id) ON DELETE SET NULL,
  source text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  market text NOT NULL,
  game_id uuid REFERENCES games(id) ON DELETE CASCADE,
  market_day date,
  session text CHECK (session IN ('open', 'close')),
  panna text CHECK (panna ~ '^[0-9]{3}$'),
  digit text CHECK (digit ~ '^[0-9]$'),
  jodi text CHECK (jodi ~ '^[0-9]{2}$'),
  outcome text NOT NULL CHECK (outcome IN ('agreed', 'waiting', 'conflict', 'invalid', 'early', 'stale')),
  reason text,
  fingerprint text NOT NULL,
  raw jsonb
);
CREATE INDEX result_reports_session_idx ON result_reports (game_id, market_day, session, received_at DESC);
CREATE INDEX result_reports_received_idx ON result_reports (received_at DESC);
CREATE INDEX result_reports_source_idx ON result_reports (source_id, fingerprint, received_at DESC);
CREATE INDEX result_reports_open_idx ON result_reports (received_at) WHERE outcome IN ('conflict', 'waiting');

-- Where each half came from: `*_sources` the agreeing feed sources' names (null when not by the
-- feed); `close_declared_by` the operator of the close (declared_by has always been the open's, or
-- the draw's); `imported` a day from a chart file: it settles nothing and has no declaration time.
ALTER TABLE results
  ADD COLUMN open_sources text[],
  ADD COLUMN close_sources text[],
  ADD COLUMN close_declared_by uuid REFERENCES admins(id),
  ADD COLUMN imported boolean NOT NULL DEFAULT false;
UPDATE results SET close_declared_by = declared_by WHERE close_panna IS NOT NULL;
