import { randomUUID } from 'node:crypto';
import type { MoneyMode } from '../../../src/domain/money';
import { insertAuditRow } from '../../db/repositories/audit-log';
import { findGame, type GameForMoney } from '../../db/repositories/bid-games';
import { lockResult, type ResultRow, recordFeedSources } from '../../db/repositories/declared-results';
import {
  agreedBefore,
  insertReport,
  lastSaid,
  peerReports,
  type ReportOutcome,
  type ReportRow,
  setOutcome,
} from '../../db/repositories/result-reports';
import type { Db, Queryable } from '../../db/types';
import { declareResult } from '../settlement/declare';
import { presentResult, presentSettlement } from '../settlement/present';

/**
 * The quorum (docs/api.md "Result feeds"): a source's due report of one session, judged against
 * what the other enabled sources say and what is declared, under the game's lock, the lock a
 * declaration takes first (settlement/declare.ts). Reports of one session are judged one at a time
 * whichever process hears them, so the report that completes the quorum always sees the others:
 * that one declares, once, and no two declare.
 */

/** One session a source reported, due now (not early, not stale), for a mapped game. */
export interface SessionClaim {
  source: { id: string; name: string };
  market: string;
  gameId: string;
  day: string;
  session: 'open' | 'close' | null;
  /** The panna and its digit, or a galidisawar jodi. */
  value: { panna: string; digit: string } | { jodi: string };
  fingerprint: string;
  raw: unknown;
}

export interface JudgeContext {
  now: Date;
  tz: string;
  quorum: number;
  /** How a declaration's win pushes say amounts (MONEY_MODE). */
  mode: MoneyMode;
}

type Verdict = {
  outcome: ReportOutcome;
  reason: string | null;
  /** Other sources' reports that move on with this one (agreed, or into conflict). */
  peers: string[];
  declare?: string[];
};

/** Why a close's quorum waits: its open is not declared yet (the worker looks again once it is). */
export const WAITING_FOR_OPEN = 'waiting for the open result';

const said = (v: SessionClaim['value']) => ('jodi' in v ? v.jodi : v.panna);

/** The declared number of one session, or null while it is not declared. */
export function declaredValue(r: ResultRow | null, session: SessionClaim['session']): string | null {
  if (!r) return null;
  if (session === 'close') return r.close_panna;
  if (session === 'open') return r.open_panna;
  return r.panna ?? r.jodi;
}

async function verdict(
  tx: Queryable,
  c: SessionClaim,
  result: ResultRow | null,
  ctx: JudgeContext,
): Promise<Verdict> {
  const value = said(c.value);
  const declared = declaredValue(result, c.session);
  if (declared !== null)
    return declared === value
      ? { outcome: 'agreed', reason: null, peers: [] }
      : { outcome: 'conflict', reason: `the declared result is ${declared}`, peers: [] };
  const key = { gameId: c.gameId, marketDay: c.day, session: c.session };
  const peers = await peerReports(tx, { ...key, exceptSourceId: c.source.id });
  const all = [
    ...peers.map((p) => ({ source: p.source, value: p.panna ?? p.jodi ?? '' })),
    { source: c.source.name, value },
  ];
  if (new Set(all.map((a) => a.value)).size > 1) {
    const reason = `sources disagree: ${all.map((a) => `${a.source} ${a.value}`).join(', ')}`;
    return { outcome: 'conflict', reason, peers: peers.map((p) => p.id) };
  }
  if (await agreedBefore(tx, key))
    return { outcome: 'waiting', reason: 'this session was reverted: an operator declares it', peers: [] };
  if (all.length < ctx.quorum)
    return { outcome: 'waiting', reason: `${all.length} of ${ctx.quorum} sources agree`, peers: [] };
  if (c.session === 'close' && !result?.open_panna)
    return { outcome: 'waiting', reason: WAITING_FOR_OPEN, peers: [] };
  const sources = all.map((a) => a.source).sort((a, b) => a.localeCompare(b));
  return { outcome: 'agreed', reason: null, peers: peers.map((p) => p.id), declare: sources };
}

/** Declares the claim as an operator would (settlement, push, live event) and says so in the audit log. */
async function declareByFeed(
  tx: Queryable,
  game: GameForMoney,
  c: SessionClaim,
  sources: string[],
  ctx: JudgeContext,
) {
  const input = {
    family: game.family,
    gameId: game.id,
    resultDate: c.day,
    ...(c.session ? { session: c.session } : {}),
    ...('jodi' in c.value ? { jodi: c.value.jodi } : { panna: c.value.panna }),
  };
  const out = await declareResult(tx, input, { adminId: null, now: ctx.now, tz: ctx.tz, mode: ctx.mode });
  const half = c.session === 'close' ? 'close' : 'open';
  await recordFeedSources(tx, out.result.id, half, sources);
  const result = { ...out.result, [`${half}_sources`]: sources } as ResultRow;
  await insertAuditRow(tx, {
    adminId: null,
    username: 'feed',
    role: 'feed',
    method: 'FEED',
    route: `/api/v1/admin/results/${game.family}`,
    path: '/api/results/feed',
    status: 201,
    requestJson: JSON.stringify({ ...input, sources }),
    beforeJson: 'null',
    clientAddress: 'feed',
    requestId: randomUUID(),
    afterJson: JSON.stringify({
      result: presentResult(result, game.gameName, game.times.openTime),
      settlement: presentSettlement(out.settlement),
      declaredBy: 'feed',
      sources,
    }),
  });
}

/**
 * Judges one claim in its own transaction and answers the stored report. A report that says what
 * the source's newest one said, with the same outcome, is not stored again (that one answers).
 * `stored` judges a report already stored (the worker's second look at a waiting one) in place.
 */
export async function judgeClaim(
  db: Db,
  c: SessionClaim,
  ctx: JudgeContext,
  stored?: ReportRow,
): Promise<ReportRow> {
  return db.transaction(async (tx) => {
    const game = await findGame(tx, c.gameId, 'FOR UPDATE');
    const result = game ? await lockResult(tx, c.gameId, c.day) : null;
    const v: Verdict = game
      ? await verdict(tx, c, result, ctx)
      : { outcome: 'invalid', reason: 'the mapped game no longer exists', peers: [] };
    const same = (r: ReportRow | null) =>
      r !== null && r.outcome === v.outcome && (r.reason ?? null) === v.reason;
    if (game && v.declare) {
      await declareByFeed(tx, game, c, v.declare, ctx);
      await setOutcome(tx, v.peers, 'agreed', null);
    } else if (v.outcome === 'conflict') await setOutcome(tx, v.peers, 'conflict', v.reason);
    if (stored) {
      if (!same(stored)) await setOutcome(tx, [stored.id], v.outcome, v.reason);
      return { ...stored, outcome: v.outcome, reason: v.reason };
    }
    const previous = await lastSaid(tx, c.source.id, c.fingerprint);
    if (!v.declare && same(previous)) return previous as ReportRow;
    return insertReport(tx, {
      sourceId: c.source.id,
      source: c.source.name,
      market: c.market,
      gameId: game ? c.gameId : null,
      marketDay: c.day,
      session: c.session,
      panna: 'panna' in c.value ? c.value.panna : null,
      digit: 'digit' in c.value ? c.value.digit : null,
      jodi: 'jodi' in c.value ? c.value.jodi : null,
      outcome: v.outcome,
      reason: v.reason,
      fingerprint: c.fingerprint,
      raw: c.raw,
    });
  });
}
