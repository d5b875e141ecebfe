import { createHash } from 'node:crypto';
import type { ResultReport } from '../../../src/contracts/result-feeds';
import { dateTimeLabel } from '../../../src/domain/format';
import {
  marketKey,
  type ReportedSession,
  readReportedResult,
  reportDate,
} from '../../../src/domain/result-report';
import { reportTiming } from '../../../src/domain/result-timing';
import { hasValidTimes, sessionCloseAt } from '../../../src/domain/windows';
import { findGame, type GameForMoney } from '../../db/repositories/bid-games';
import { findResult } from '../../db/repositories/declared-results';
import {
  insertReport,
  lastSaid,
  type NewReport,
  type ReportOutcome,
  type ReportRow,
} from '../../db/repositories/result-reports';
import type { Db } from '../../db/types';
import type { Deps } from '../../deps';
import { declaredValue, judgeClaim, type SessionClaim } from './quorum';
import { presentReport } from './reports';

/**
 * What a result source sent (a push body, or what its address answered), read object by object:
 * each is mapped to a game, read with the domain's checks (src/domain/result-report.ts), timed
 * (result-timing.ts: stale or early), and what is due is judged with the other sources
 * (quorum.ts). Every report is stored with its outcome and reason; a repeat is not (quorum.ts).
 */

export interface FeedSource {
  id: string;
  name: string;
  markets: Record<string, string>;
}

/** At most this many result objects are read from one push or one poll. */
export const MAX_REPORTS = 500;

const fingerprint = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/**
 * The object's text fields as a report row may hold them: cut short, without control characters
 * or lone surrogates (a polled answer is not checked as a request body is, and PostgreSQL refuses
 * NUL in text and jsonb: one such field must not fail the whole poll).
 */
const short = (v: unknown, n = 80) =>
  typeof v === 'string' || typeof v === 'number'
    ? String(v)
        .slice(0, n)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    : undefined;

const FIELDS = ['market', 'date', 'result', 'open', 'close', 'jodi'] as const;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

type Plain = { outcome: Exclude<ReportOutcome, 'agreed' | 'waiting' | 'conflict'>; reason: string };
/** What a report said, as far as it could be read. */
type Said = Partial<
  Pick<NewReport, 'gameId' | 'marketDay' | 'session' | 'panna' | 'digit' | 'jodi' | 'fingerprint'>
>;

const SESSION: Record<'open' | 'close', 'Open' | 'Close'> = { open: 'Open', close: 'Close' };

/** Why a due-looking session is not judged now (stale, early, a market that does not run), or null. */
function timing(game: GameForMoney, day: string, s: ReportedSession, now: Date, tz: string): Plain | null {
  if (!hasValidTimes(game.times, day))
    return { outcome: 'invalid', reason: "the market's times are unreadable" };
  const session = s.session ? SESSION[s.session] : null;
  const t = reportTiming(game.times, day, session, now, tz);
  if (t === 'closed') return { outcome: 'invalid', reason: 'the market is not running' };
  if (t === 'stale') return { outcome: 'stale', reason: `${day} is not the current market day` };
  if (t === 'early') {
    const due = dateTimeLabel(sessionCloseAt(game.times, day, session, tz).toISOString(), tz).join(' ');
    return { outcome: 'early', reason: `before its time (${due})` };
  }
  return null;
}

/**
 * Receives what one source sent and answers each stored report (a main "123-68-440" is two). A
 * result that shows only stars says nothing yet and is not stored.
 */
export async function receiveReports(
  deps: Pick<Deps, 'db' | 'env' | 'clock'>,
  source: FeedSource,
  items: unknown[],
): Promise<ResultReport[]> {
  const { db, env } = deps;
  const now = await deps.clock.now();
  const ctx = { now, tz: env.MARKET_TZ, quorum: env.RESULT_QUORUM, mode: env.MONEY_MODE };
  const mapping = new Map(Object.entries(source.markets).map(([name, id]) => [marketKey(name), id]));
  const games = new Map<string, GameForMoney | null>();
  const out: ResultReport[] = [];
  for (const item of items.slice(0, MAX_REPORTS)) {
    const o =
      item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    const market = short(o.market) ?? '';
    const raw = {
      market,
      date: short(o.date, 20),
      result: short(o.result, 40),
      open: short(o.open, 10),
      close: short(o.close, 10),
      jodi: short(o.jodi, 10),
    };
    const plain = (p: Plain, extra: Said = {}) => storePlain(db, source, { market, raw, ...p, ...extra });
    const gameId = mapping.get(marketKey(market));
    if (!market) {
      out.push(await plain({ outcome: 'invalid', reason: 'not a result object with a market' }));
      continue;
    }
    // A page that carries control characters is not read by guessing what they hide.
    if (FIELDS.some((k) => typeof o[k] === 'string' && CONTROL.test(o[k] as string))) {
      out.push(await plain({ outcome: 'invalid', reason: 'the report has control characters' }));
      continue;
    }
    if (!gameId) {
      out.push(await plain({ outcome: 'invalid', reason: `market "${market}" is not mapped to a game` }));
      continue;
    }
    if (!games.has(gameId)) games.set(gameId, await findGame(db, gameId));
    const game = games.get(gameId) ?? null;
    const day = reportDate(o.date);
    if (!game || !day) {
      const reason = game ? 'date must be YYYY-MM-DD or DD-MM-YYYY' : 'the mapped game no longer exists';
      out.push(await plain({ outcome: 'invalid', reason }, { gameId: game ? gameId : null }));
      continue;
    }
    const reading = readReportedResult(game.family, raw);
    if (!reading.ok) {
      out.push(await plain({ outcome: 'invalid', reason: reading.reason }, { gameId, marketDay: day }));
      continue;
    }
    for (const s of reading.sessions) {
      const value = 'jodi' in s ? { jodi: s.jodi } : { panna: s.panna, digit: s.digit };
      const said = {
        gameId,
        marketDay: day,
        session: s.session,
        panna: null,
        digit: null,
        jodi: null,
        ...value,
      };
      const print = fingerprint([marketKey(market), day, s.session, value]);
      const early = timing(game, day, s, now, env.MARKET_TZ);
      if (early) {
        out.push(await plain(early, { ...said, fingerprint: print }));
        continue;
      }
      const claim: SessionClaim = {
        source,
        market,
        gameId,
        day,
        session: s.session,
        value,
        fingerprint: print,
        raw,
      };
      out.push(presentReport((await alreadyAgreed(db, claim)) ?? (await judgeClaim(db, claim, ctx))));
    }
  }
  return out;
}

/**
 * The poll's common case, without a lock: the source says again what it said when the session was
 * declared as it says, and that is still declared. Answers that stored report, else null.
 */
async function alreadyAgreed(db: Db, c: SessionClaim): Promise<ReportRow | null> {
  const previous = await lastSaid(db, c.source.id, c.fingerprint);
  if (previous?.outcome !== 'agreed') return null;
  const declared = declaredValue(await findResult(db, c.gameId, c.day), c.session);
  return declared === ('jodi' in c.value ? c.value.jodi : c.value.panna) ? previous : null;
}

/** Stores a report that no quorum judges (invalid, stale, early), unless it repeats the newest one. */
async function storePlain(
  db: Db,
  source: FeedSource,
  r: Plain & { market: string; raw: unknown } & Said,
): Promise<ResultReport> {
  const print = r.fingerprint ?? fingerprint([marketKey(r.market), r.raw]);
  const previous = await lastSaid(db, source.id, print);
  if (previous && previous.outcome === r.outcome && previous.reason === r.reason)
    return presentReport(previous);
  const row = await insertReport(db, {
    sourceId: source.id,
    source: source.name,
    market: r.market,
    gameId: r.gameId ?? null,
    marketDay: r.marketDay ?? null,
    session: r.session ?? null,
    panna: r.panna ?? null,
    digit: r.digit ?? null,
    jodi: r.jodi ?? null,
    outcome: r.outcome,
    reason: r.reason,
    fingerprint: print,
    raw: r.raw,
  });
  return presentReport(row);
}
