import type { PageRequest, Queryable } from '../types';

// Every report a result source sent, with its outcome (migration 027; services/feeds/).

export type ReportOutcome = 'agreed' | 'waiting' | 'conflict' | 'invalid' | 'early' | 'stale';

export interface ReportRow {
  id: string;
  source_id: string | null;
  source: string;
  received_at: Date;
  market: string;
  game_id: string | null;
  game_name: string | null;
  market_day: string | null;
  session: 'open' | 'close' | null;
  panna: string | null;
  digit: string | null;
  jodi: string | null;
  outcome: ReportOutcome;
  reason: string | null;
}

export interface NewReport {
  sourceId: string;
  source: string;
  market: string;
  gameId: string | null;
  marketDay: string | null;
  session: 'open' | 'close' | null;
  panna: string | null;
  digit: string | null;
  jodi: string | null;
  outcome: ReportOutcome;
  reason: string | null;
  fingerprint: string;
  raw: unknown;
}

const COLUMNS = `r.id, r.source_id, r.source, r.received_at, r.market, r.game_id, g.game_name,
  r.market_day::text AS market_day, r.session, r.panna, r.digit, r.jodi, r.outcome, r.reason`;

export async function insertReport(q: Queryable, n: NewReport): Promise<ReportRow> {
  const r = await q.query<ReportRow>(
    `WITH r AS (
       INSERT INTO result_reports (source_id, source, market, game_id, market_day, session, panna, digit, jodi,
                                   outcome, reason, fingerprint, raw)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb) RETURNING *)
     SELECT ${COLUMNS} FROM r LEFT JOIN games g ON g.id = r.game_id`,
    [
      n.sourceId,
      n.source,
      n.market,
      n.gameId,
      n.marketDay,
      n.session,
      n.panna,
      n.digit,
      n.jodi,
      n.outcome,
      n.reason,
      n.fingerprint,
      JSON.stringify(n.raw ?? null),
    ],
  );
  return r.rows[0] as ReportRow;
}

/** The source's newest report that said exactly this (same fingerprint), if any. */
export async function lastSaid(
  q: Queryable,
  sourceId: string,
  fingerprint: string,
): Promise<ReportRow | null> {
  const r = await q.query<ReportRow>(
    `SELECT ${COLUMNS} FROM result_reports r LEFT JOIN games g ON g.id = r.game_id
      WHERE r.source_id = $1 AND r.fingerprint = $2 ORDER BY r.received_at DESC, r.id LIMIT 1`,
    [sourceId, fingerprint],
  );
  return r.rows[0] ?? null;
}

/**
 * What each other enabled source says now about one session: its newest report of that game,
 * market day and session that was judged against the others (waiting, agreed or conflict).
 */
export async function peerReports(
  q: Queryable,
  k: { gameId: string; marketDay: string; session: 'open' | 'close' | null; exceptSourceId: string },
): Promise<ReportRow[]> {
  const r = await q.query<ReportRow>(
    `SELECT DISTINCT ON (r.source_id) ${COLUMNS}
       FROM result_reports r JOIN result_sources s ON s.id = r.source_id AND s.enabled
       LEFT JOIN games g ON g.id = r.game_id
      WHERE r.game_id = $1 AND r.market_day = $2 AND r.session IS NOT DISTINCT FROM $3::text
        AND r.source_id <> $4 AND r.outcome IN ('waiting', 'agreed', 'conflict')
      ORDER BY r.source_id, r.received_at DESC, r.id`,
    [k.gameId, k.marketDay, k.session, k.exceptSourceId],
  );
  return r.rows;
}

/** Moves reports on to a new outcome (a quorum declared them, or another source disagreed). */
export async function setOutcome(
  q: Queryable,
  ids: string[],
  outcome: ReportOutcome,
  reason: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await q.query('UPDATE result_reports SET outcome = $2, reason = $3 WHERE id = ANY($1::uuid[])', [
    ids,
    outcome,
    reason,
  ]);
}

/** Reports newest first, of one game and market day when given (GET /admin/result-reports). */
export async function listReports(
  q: Queryable,
  f: { gameId?: string; date?: string },
  page: PageRequest,
): Promise<{ rows: ReportRow[]; total: number }> {
  const where: string[] = [];
  const args: unknown[] = [];
  if (f.gameId) {
    args.push(f.gameId);
    where.push(`r.game_id = $${args.length}`);
  }
  if (f.date) {
    args.push(f.date);
    where.push(`r.market_day = $${args.length}::date`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = await q.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM result_reports r ${clause}`,
    args,
  );
  const rows = await q.query<ReportRow>(
    `SELECT ${COLUMNS} FROM result_reports r LEFT JOIN games g ON g.id = r.game_id ${clause}
      ORDER BY r.received_at DESC, r.id LIMIT ${page.limit} OFFSET ${page.offset}`,
    args,
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

/** A session the sources disagree on (or disagree with what is declared), for the watchdog. */
export interface OpenConflictRow {
  game_id: string;
  game_name: string;
  market_day: string;
  session: 'open' | 'close' | null;
  declared: string | null;
  says: Array<{ source: string; value: string }>;
}

/**
 * Sessions with a report in conflict received in the last `hours` that no declaration settled: the
 * session is still undeclared, or the report came after its declaration (a source disagrees with
 * what was declared). What each source says is its newest report of the session.
 */
export async function openConflicts(q: Queryable, hours: number): Promise<OpenConflictRow[]> {
  const r = await q.query<OpenConflictRow>(
    `WITH c AS (
       SELECT DISTINCT rr.game_id, rr.market_day, rr.session
         FROM result_reports rr LEFT JOIN results res ON res.game_id = rr.game_id AND res.result_date = rr.market_day
        WHERE rr.outcome = 'conflict' AND rr.received_at > now() - make_interval(hours => $1::int)
          AND CASE WHEN rr.session = 'close' THEN res.close_panna IS NULL OR rr.received_at > res.close_declared_at
                   ELSE res.id IS NULL OR (res.open_panna IS NULL AND res.panna IS NULL AND res.jodi IS NULL)
                        OR rr.received_at > res.open_declared_at END)
     SELECT c.game_id, g.game_name, c.market_day::text AS market_day, c.session,
            (SELECT CASE WHEN c.session = 'close' THEN x.close_panna
                         ELSE coalesce(x.open_panna, x.panna, x.jodi) END
               FROM results x WHERE x.game_id = c.game_id AND x.result_date = c.market_day) AS declared,
            (SELECT json_agg(json_build_object('source', l.source, 'value', coalesce(l.panna, l.jodi))
                             ORDER BY l.source)
               FROM (SELECT DISTINCT ON (z.source_id) z.source, z.panna, z.jodi FROM result_reports z
                      WHERE z.game_id = c.game_id AND z.market_day = c.market_day
                        AND z.session IS NOT DISTINCT FROM c.session
                        AND z.outcome IN ('waiting', 'agreed', 'conflict')
                      ORDER BY z.source_id, z.received_at DESC, z.id) l) AS says
       FROM c JOIN games g ON g.id = c.game_id
      ORDER BY c.market_day, g.game_name, c.session NULLS FIRST`,
    [hours],
  );
  return r.rows;
}

/**
 * Waiting reports (each session's newest, from an enabled source, of the last `hours`) that a
 * declaration has overtaken: the session is declared now, or the close they wait with (`reason`
 * = `forOpen`) has its open now. The feed worker judges them again.
 */
export async function overtakenReports(q: Queryable, hours: number, forOpen: string): Promise<ReportRow[]> {
  const r = await q.query<ReportRow>(
    `SELECT * FROM (
       SELECT DISTINCT ON (r.game_id, r.market_day, r.session) ${COLUMNS},
              CASE WHEN r.session = 'close' THEN res.close_panna IS NOT NULL OR (r.reason = $2 AND res.open_panna IS NOT NULL)
                   ELSE coalesce(res.open_panna, res.panna, res.jodi) IS NOT NULL END AS overtaken
         FROM result_reports r JOIN result_sources s ON s.id = r.source_id AND s.enabled
         JOIN results res ON res.game_id = r.game_id AND res.result_date = r.market_day
         LEFT JOIN games g ON g.id = r.game_id
        WHERE r.outcome = 'waiting' AND r.received_at > now() - make_interval(hours => $1::int)
        ORDER BY r.game_id, r.market_day, r.session, r.received_at DESC, r.id) w
      WHERE w.overtaken`,
    [hours, forOpen],
  );
  return r.rows;
}

/** Whether any report of the session ever agreed with a declaration (one now gone was reverted). */
export async function agreedBefore(
  q: Queryable,
  k: { gameId: string; marketDay: string; session: 'open' | 'close' | null },
): Promise<boolean> {
  const r = await q.query<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM result_reports WHERE game_id = $1 AND market_day = $2
                       AND session IS NOT DISTINCT FROM $3::text AND outcome = 'agreed') AS yes`,
    [k.gameId, k.marketDay, k.session],
  );
  return r.rows[0]?.yes === true;
}
