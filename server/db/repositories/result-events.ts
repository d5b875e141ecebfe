import type { Queryable } from '../types';

/** One stored event as the stream sends it: its id, name and data (JSON text). */
export interface StoredEvent {
  id: number;
  kind: 'result' | 'revert';
  data: string;
}

/**
 * Records an event in the caller's transaction, with the next id of the one-row counter (locked
 * until that transaction ends, so events commit in id order: migration 020). Answers the id.
 */
export async function insertResultEvent(
  q: Queryable,
  e: { kind: 'result' | 'revert'; family: string; gameId: string; resultDate: string; payload: object },
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `WITH next AS (UPDATE result_event_counter SET last_id = last_id + 1 RETURNING last_id)
     INSERT INTO result_events (id, kind, family, game_id, result_date, payload)
       SELECT last_id, $1, $2, $3, $4, $5::jsonb FROM next RETURNING id`,
    [e.kind, e.family, e.gameId, e.resultDate, JSON.stringify(e.payload)],
  );
  return Number(r.rows[0]?.id);
}

/**
 * Events after `afterId`, oldest first; with `withinMs`, only those recorded in that many
 * milliseconds before now (what a reconnecting client may ask to have resent).
 */
export async function eventsAfter(
  q: Queryable,
  afterId: number,
  opts: { withinMs?: number; limit?: number } = {},
): Promise<StoredEvent[]> {
  const r = await q.query<StoredEvent>(
    `SELECT id, kind, payload::text AS data FROM result_events
      WHERE id > $1 AND ($2::int8 IS NULL OR created_at > clock_timestamp() - $2::int8 * interval '1 millisecond')
      ORDER BY id LIMIT $3`,
    [afterId, opts.withinMs ?? null, opts.limit ?? 500],
  );
  return r.rows.map((row) => ({ id: Number(row.id), kind: row.kind, data: row.data }));
}

/** The newest event id committed (0 before the first). */
export async function latestEventId(q: Queryable): Promise<number> {
  const r = await q.query<{ id: number }>('SELECT last_id AS id FROM result_event_counter');
  return Number(r.rows[0]?.id ?? 0);
}

/** Forgets events older than `olderThanMs` (a reconnect only ever asks for the last minutes). */
export async function pruneResultEvents(q: Queryable, olderThanMs: number): Promise<number> {
  const r = await q.query(
    `DELETE FROM result_events WHERE created_at < clock_timestamp() - $1::int8 * interval '1 millisecond'`,
    [olderThanMs],
  );
  return r.rowCount;
}
