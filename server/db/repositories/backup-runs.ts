import type { Queryable } from '../types';

export interface BackupRunRow {
  id: string;
  trigger: 'manual' | 'scheduled';
  status: 'running' | 'done' | 'failed';
  file: string | null;
  bytes: number | null;
  sha256: string | null;
  error: string | null;
  host: string;
  started_at: Date;
  finished_at: Date | null;
}

export async function insertRun(
  q: Queryable,
  r: { trigger: 'manual' | 'scheduled'; host: string; requestedBy: string | null; startedAt: Date },
): Promise<BackupRunRow> {
  const res = await q.query<BackupRunRow>(
    `INSERT INTO backup_runs (trigger, status, host, requested_by, started_at)
     VALUES ($1, 'running', $2, $3, $4) RETURNING *`,
    [r.trigger, r.host, r.requestedBy, r.startedAt],
  );
  return res.rows[0] as BackupRunRow;
}

export async function finishRun(
  q: Queryable,
  id: string,
  r: { file: string; bytes: number; sha256: string },
): Promise<BackupRunRow> {
  const res = await q.query<BackupRunRow>(
    `UPDATE backup_runs SET status = 'done', file = $2, bytes = $3, sha256 = $4, finished_at = now()
      WHERE id = $1 RETURNING *`,
    [id, r.file, r.bytes, r.sha256],
  );
  return res.rows[0] as BackupRunRow;
}

export async function failRun(q: Queryable, id: string, error: string): Promise<void> {
  await q.query(`UPDATE backup_runs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1`, [
    id,
    error.slice(0, 500),
  ]);
}

/** Runs left 'running' by a process that stopped (only called while holding the backup lock). */
export async function failInterrupted(q: Queryable): Promise<void> {
  await q.query(
    `UPDATE backup_runs SET status = 'failed', finished_at = now(),
            error = 'interrupted: the server process stopped during the backup'
      WHERE status = 'running'`,
  );
}

export async function listDone(q: Queryable, limit: number): Promise<BackupRunRow[]> {
  const r = await q.query<BackupRunRow>(
    `SELECT * FROM backup_runs WHERE status = 'done' ORDER BY started_at DESC, id LIMIT $1`,
    [limit],
  );
  return r.rows;
}

export async function lastRun(q: Queryable, trigger: 'scheduled' | null, status: 'done' | null) {
  const r = await q.query<BackupRunRow>(
    `SELECT * FROM backup_runs
      WHERE ($1::text IS NULL OR trigger = $1) AND ($2::text IS NULL OR status = $2)
      ORDER BY started_at DESC LIMIT 1`,
    [trigger, status],
  );
  return r.rows[0] ?? null;
}

export async function runningRun(q: Queryable): Promise<BackupRunRow | null> {
  const r = await q.query<BackupRunRow>(
    `SELECT * FROM backup_runs WHERE status = 'running' ORDER BY started_at DESC LIMIT 1`,
  );
  return r.rows[0] ?? null;
}

/** Finished backups of `host` beyond the newest `keep`, oldest first. */
export async function beyondNewest(q: Queryable, host: string, keep: number): Promise<BackupRunRow[]> {
  const r = await q.query<BackupRunRow>(
    `SELECT * FROM backup_runs WHERE status = 'done' AND host = $1
      ORDER BY started_at DESC, id OFFSET $2`,
    [host, keep],
  );
  return r.rows.reverse();
}

export async function deleteRun(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM backup_runs WHERE id = $1', [id]);
}
