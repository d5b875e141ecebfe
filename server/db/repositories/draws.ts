import type { Family } from '../../../src/domain/types';
import type { Queryable } from '../types';

/** Which draw of a market day a scheduler job makes: a main market's open or close, or the one draw. */
export type DrawKind = 'open' | 'close' | 'draw';

export interface DrawJobRow {
  id: string;
  game_id: string;
  market_day: string;
  kind: DrawKind;
  family: Family;
}

/** Records a due draw as a job row; a draw already recorded (by any process) is left as it is. */
export async function recordDraw(
  q: Queryable,
  d: { gameId: string; marketDay: string; kind: DrawKind; runAt: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO scheduled_draws (game_id, market_day, kind, run_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (game_id, market_day, kind) DO NOTHING`,
    [d.gameId, d.marketDay, d.kind, d.runAt],
  );
}

/**
 * Claims the next unfinished job due at `now` (fewer than 5 attempts, not in `skip`), row-locked
 * with SKIP LOCKED so two processes never run the same job; undefined when none is left.
 */
export async function claimNextDraw(
  q: Queryable,
  now: Date,
  skip: string[],
): Promise<DrawJobRow | undefined> {
  const r = await q.query<DrawJobRow>(
    `SELECT d.id, d.game_id, d.market_day, d.kind, g.family FROM scheduled_draws d JOIN games g ON g.id = d.game_id
          WHERE d.done_at IS NULL AND d.run_at <= $1 AND d.attempts < 5
            AND d.id NOT IN (SELECT value::uuid FROM jsonb_array_elements_text($2::jsonb))
          ORDER BY d.run_at, d.id LIMIT 1 FOR UPDATE OF d SKIP LOCKED`,
    [now, JSON.stringify(skip)],
  );
  return r.rows[0];
}

/** Marks the point a claimed job's work can be rolled back to, keeping the claim's lock. */
export async function openDrawSavepoint(q: Queryable): Promise<void> {
  await q.query('SAVEPOINT draw_job');
}

/** Undoes a failed job's work back to openDrawSavepoint (the claim stays locked). */
export async function rollBackToDrawSavepoint(q: Queryable): Promise<void> {
  await q.query('ROLLBACK TO SAVEPOINT draw_job');
}

/** Counts an attempt of a claimed job: done when error is null, otherwise the error is kept. */
export async function finishDraw(
  q: Queryable,
  id: string,
  workerId: string,
  error: string | null,
): Promise<void> {
  await q.query(
    `UPDATE scheduled_draws SET claimed_at = now(), claimed_by = $2, attempts = attempts + 1, last_error = $3,
                done_at = CASE WHEN $3::text IS NULL THEN now() END
          WHERE id = $1`,
    [id, workerId, error],
  );
}
