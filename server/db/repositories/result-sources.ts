import type { Queryable } from '../types';

// Result sources (migration 027): the result services an owner lists, and the lease by which one
// process at a time polls a json-url source (services/feeds/poll.ts).

export interface SourceRow {
  id: string;
  name: string;
  kind: 'push' | 'json-url';
  url: string | null;
  enabled: boolean;
  markets: Record<string, string>;
  next_poll_at: Date | null;
  last_polled_at: Date | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, name, kind, url, enabled, markets, next_poll_at, last_polled_at, last_error, created_at,
  updated_at`;

export interface SourceWrite {
  name: string;
  kind: 'push' | 'json-url';
  url: string | null;
  enabled: boolean;
  markets: Record<string, string>;
}

export async function listSources(q: Queryable): Promise<SourceRow[]> {
  const r = await q.query<SourceRow>(`SELECT ${COLUMNS} FROM result_sources ORDER BY lower(name)`);
  return r.rows;
}

export async function findSource(q: Queryable, id: string): Promise<SourceRow | null> {
  const r = await q.query<SourceRow>(`SELECT ${COLUMNS} FROM result_sources WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** A source by its name, any case (the push path names it). */
export async function findSourceByName(q: Queryable, name: string): Promise<SourceRow | null> {
  const r = await q.query<SourceRow>(`SELECT ${COLUMNS} FROM result_sources WHERE lower(name) = lower($1)`, [
    name,
  ]);
  return r.rows[0] ?? null;
}

/** Inserts a source (a taken name fails with 23505, unique_violation). */
export async function insertSource(q: Queryable, s: SourceWrite): Promise<SourceRow> {
  const r = await q.query<SourceRow>(
    `INSERT INTO result_sources (name, kind, url, enabled, markets) VALUES ($1, $2, $3, $4, $5::jsonb)
     RETURNING ${COLUMNS}`,
    [s.name, s.kind, s.url, s.enabled, JSON.stringify(s.markets)],
  );
  return r.rows[0] as SourceRow;
}

/** Writes a source's whole new state (the service merged the patch); a new url is polled at once. */
export async function updateSource(q: Queryable, id: string, s: SourceWrite): Promise<SourceRow | null> {
  const r = await q.query<SourceRow>(
    `UPDATE result_sources SET name = $2, kind = $3, url = $4, enabled = $5, markets = $6::jsonb,
            next_poll_at = CASE WHEN url IS DISTINCT FROM $4 THEN NULL ELSE next_poll_at END, updated_at = now()
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, s.name, s.kind, s.url, s.enabled, JSON.stringify(s.markets)],
  );
  return r.rows[0] ?? null;
}

export async function deleteSource(q: Queryable, id: string): Promise<boolean> {
  const r = await q.query('DELETE FROM result_sources WHERE id = $1', [id]);
  return r.rowCount > 0;
}

/**
 * Takes the poll of one json-url source for `by` until the lease runs out: the one named (Fetch
 * now), else the enabled source whose poll is most overdue. Null when none is due, or the named one
 * is being polled by another process now.
 */
export async function claimPoll(
  q: Queryable,
  p: { by: string; leaseSeconds: number; id?: string },
): Promise<SourceRow | null> {
  const r = await q.query<SourceRow>(
    `UPDATE result_sources SET poll_lease_until = now() + make_interval(secs => $2::int), poll_lease_by = $1
      WHERE id = (SELECT id FROM result_sources
                   WHERE kind = 'json-url' AND (poll_lease_until IS NULL OR poll_lease_until < now())
                     AND CASE WHEN $3::uuid IS NULL THEN enabled AND (next_poll_at IS NULL OR next_poll_at <= now())
                              ELSE id = $3::uuid END
                   ORDER BY next_poll_at NULLS FIRST, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [p.by, p.leaseSeconds, p.id ?? null],
  );
  return r.rows[0] ?? null;
}

/** Ends a poll: the lease is given back, the outcome kept, the next poll due in `everySeconds`. */
export async function finishPoll(
  q: Queryable,
  p: { id: string; by: string; error: string | null; everySeconds: number },
): Promise<void> {
  await q.query(
    `UPDATE result_sources SET poll_lease_until = NULL, poll_lease_by = NULL, last_polled_at = now(),
            last_error = $3, next_poll_at = now() + make_interval(secs => $4::int)
      WHERE id = $1 AND poll_lease_by = $2`,
    [p.id, p.by, p.error, p.everySeconds],
  );
}

/** The games some enabled source maps a market to (the watchdog expects their results from the feed). */
export async function fedGameIds(q: Queryable): Promise<string[]> {
  const r = await q.query<{ game_id: string }>(
    `SELECT DISTINCT m.value AS game_id FROM result_sources s, jsonb_each_text(s.markets) m
      WHERE s.enabled AND m.value ~* '^[0-9a-f-]{36}$'`,
  );
  return r.rows.map((row) => row.game_id);
}

/** Which of these ids are games (a source's mapping may name only games). */
export async function existingGames(q: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const r = await q.query<{ id: string }>('SELECT id FROM games WHERE id = ANY($1::uuid[])', [ids]);
  return new Set(r.rows.map((row) => row.id));
}
