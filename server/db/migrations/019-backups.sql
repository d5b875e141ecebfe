-- Backups (issue 37): one row per backup attempt, manual or scheduled, whatever its outcome, so
-- the console can show the last scheduled result (a failure included) and every process of a
-- deployment agrees when the next scheduled one is due. The files themselves live in BACKUP_DIR
-- on the machine named by `host`. The table is left out of the backups themselves: its rows
-- describe files on the machine that wrote them, not the data.
CREATE TABLE backup_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  trigger text NOT NULL CHECK (trigger IN ('manual', 'scheduled')),
  status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  file text,
  bytes bigint,
  sha256 text,
  error text,
  host text NOT NULL,
  requested_by uuid REFERENCES admins(id),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX backup_runs_started_idx ON backup_runs (started_at DESC);
CREATE INDEX backup_runs_trigger_idx ON backup_runs (trigger, started_at DESC);
