import { dateTimeLabel } from '../../../src/domain/format';
import { listAutoResultGames } from '../../db/repositories/bid-games';
import type { FindingRow, NewFinding, WatchdogStateRow } from '../../db/repositories/watchdog';
import {
  driftingPlayers,
  missingDraws,
  pendingAfterDeclaration,
  waitingRequests,
} from '../../db/repositories/watchdog-checks';
import type { Db } from '../../db/types';
import type { Env } from '../../env';
import { conflictFindings, lateFedDraws } from '../feeds/watch';
import { forwarderHealth } from '../payments/upi-notify';
import { dueDraws } from '../scheduler/draws';
import { statementExceptionFindings } from './statement-check';

// The watchdog's checks (issue 36). A check reads the database and answers everything of its kind
// that is wrong NOW, its open findings included (each check looks at those again every pass): a
// finding it no longer answers clears itself, one it answers for the first time is opened and
// alerted once. Checks only read; run.ts writes their findings in one transaction.
//
// To add a check: write it as below and add it to CHECKS (one line).

export type CheckFinding = Omit<NewFinding, 'severity'>;

export interface CheckContext {
  db: Db;
  env: Env;
  /** The market clock's now (the database's in the server; fixed in tests). */
  now: Date;
  /** The database's now when the pass began (ledger rows and declarations are stamped by it). */
  dbNow: Date;
  state: WatchdogStateRow;
  /** This check's findings still open from earlier passes. */
  open: FindingRow[];
  /**
   * The process started moments ago (its workers' first ticks may not have run yet): a check that
   * judges other jobs' timeliness waits rather than report what they are about to do.
   */
  warmingUp: boolean;
}

/** Where an incremental check stands after this pass (kept in watchdog_state). */
export interface StatePatch {
  driftAfter?: string | null;
  ledgerSince?: Date;
  declaredSince?: Date;
}

export interface CheckOutcome {
  findings: CheckFinding[];
  state?: StatePatch;
  /** The check did not judge this pass: its open findings stay as they are. */
  skipped?: boolean;
}

export interface WatchdogCheck {
  kind: string;
  severity: 'critical' | 'warning';
  run(ctx: CheckContext): Promise<CheckOutcome>;
}

/** Players the drift check reads per pass in its sweep over all of them (in id order). */
export const DRIFT_SWEEP = 50_000;
/** Drifting players reported one by one; more become one "N more players" finding. */
export const DRIFT_FINDINGS = 25;
/**
 * Ledger rows are stamped with their transaction's start: one that committed late is still read
 * when the window reaches this far behind the last pass (transactions end well within it).
 */
const LEDGER_MARGIN_MS = 5 * 60_000;
/** A declaration is looked at once this long after it, when its settlement has long committed. */
const DECLARATION_SETTLED_MS = 60_000;
/** The first pass looks this far back for declarations. */
const FIRST_LOOK_BACK_MS = 24 * 3600_000;
/** The scheduler declares an automatic draw within seconds; this long after its time it is missed. */
export const MISSED_DRAW_GRACE_MS = 5 * 60_000;

const points = (paise: number) =>
  `${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} points`;
const phone = (p: string) => (p.length === 10 ? `${p.slice(0, 5)} ${p.slice(5)}` : p);
const at = (d: Date, tz: string) => dateTimeLabel(d.toISOString(), tz).join(' ');

/**
 * Each wallet's balance against the sum of its ledger. A pass reads the players whose ledger moved
 * since the last pass, the players of open findings, and the next DRIFT_SWEEP players of a sweep
 * over everyone (a balance changed by hand, without a ledger row, is found within one sweep: 20
 * passes for a million players). The sums come from the index alone (migration 018): the sweep's
 * from one range scan, the others' one lookup each.
 */
const ledgerDrift: WatchdogCheck = {
  kind: 'ledger-drift',
  severity: 'critical',
  async run({ db, state, open, dbNow }) {
    const openIds = open.map((f) => f.user_id).filter((id): id is string => id !== null);
    const since = new Date((state.ledger_since ?? dbNow).getTime() - LEDGER_MARGIN_MS);
    const { rows, next: driftAfter } = await driftingPlayers(db, {
      userIds: openIds,
      ledgerSince: since,
      after: state.drift_after,
      sweep: DRIFT_SWEEP,
    });
    // Players already reported stay reported (never pushed out by a bigger drift elsewhere).
    const known = new Set(openIds);
    const ordered = [...rows.filter((r) => known.has(r.id)), ...rows.filter((r) => !known.has(r.id))];
    const shown = ordered.slice(0, Math.max(DRIFT_FINDINGS, known.size));
    const findings: CheckFinding[] = shown.map((r) => {
      const diff = r.balance_paise - r.ledger_paise;
      return {
        key: `ledger-drift:${r.id}`,
        userId: r.id,
        detail: `Balance of ${phone(r.phone)} is ${points(r.balance_paise)} but its ledger adds up to ${points(r.ledger_paise)}: ${points(Math.abs(diff))} ${diff > 0 ? 'more' : 'less'} than the ledger`,
        evidence: {
          phone: r.phone,
          balance: r.balance_paise / 100,
          ledger: r.ledger_paise / 100,
          difference: diff / 100,
        },
      };
    });
    if (ordered.length > shown.length) {
      const more = ordered.slice(shown.length);
      findings.push({
        key: 'ledger-drift:more',
        detail: `${more.length}${more.length >= 1000 ? '+' : ''} more players' balances differ from their ledgers`,
        evidence: { players: more.length, sample: more.slice(0, 10).map((r) => r.id) },
      });
    }
    return { findings, state: { driftAfter, ledgerSince: dbNow } };
  },
};

/**
 * Settlement left half-done: a declared result whose market day still has pending bids. Each
 * declaration is looked at once, a minute after it (settlement commits with the declaration), and
 * an open finding every pass until its bids are settled or the result is reverted.
 */
const stuckSettlement: WatchdogCheck = {
  kind: 'stuck-settlement',
  severity: 'critical',
  async run({ db, env, state, open, dbNow }) {
    const since = state.declared_since ?? new Date(dbNow.getTime() - FIRST_LOOK_BACK_MS);
    const until = new Date(Math.max(since.getTime(), dbNow.getTime() - DECLARATION_SETTLED_MS));
    const resultIds = open.map((f) => String(f.evidence.resultId ?? '')).filter((id) => id !== '');
    const rows = await pendingAfterDeclaration(db, { since, until, resultIds });
    return {
      findings: rows.map((r) => ({
        key: `stuck-settlement:${r.result_id}`,
        detail: `${r.game_name} ${r.result_date}: ${r.bids} ${r.bids === 1 ? 'bid' : 'bids'} (${points(Number(r.stake_paise))}) still pending after its result was declared at ${at(r.declared_at, env.MARKET_TZ)}`,
        evidence: {
          resultId: r.result_id,
          gameId: r.game_id,
          family: r.family,
          marketDay: r.result_date,
          pendingBids: Number(r.bids),
          pendingStake: Number(r.stake_paise) / 100,
        },
      })),
      state: { declaredSince: until },
    };
  },
};

/**
 * An automatic market's draw time passed MISSED_DRAW_GRACE_MS ago and its result is missing. Not
 * judged in a process's first MISSED_DRAW_GRACE_MS: after a restart the scheduler (started with
 * it) declares what fell due while the server was down.
 */
const missedDraw: WatchdogCheck = {
  kind: 'missed-draw',
  severity: 'warning',
  async run({ db, env, now, open, warmingUp }) {
    if (warmingUp) return { findings: [], skipped: true };
    const games = await listAutoResultGames(db);
    const autoDue = dueDraws(games, new Date(now.getTime() - MISSED_DRAW_GRACE_MS), env.MARKET_TZ);
    // Markets the result feeds bring results for: late after RESULT_FEED_LATE_MINUTES (issue 46).
    const except = new Set(games.map((g) => g.id));
    const lateMinutes = env.RESULT_FEED_LATE_MINUTES;
    const fedDue = await lateFedDraws(db, { now, tz: env.MARKET_TZ, lateMinutes, except });
    const due = [...autoDue, ...fedDue].map((d) => ({
      gameId: d.gameId,
      marketDay: d.marketDay,
      kind: d.kind as string,
      dueAt: d.runAt.toISOString(),
    }));
    const seen = new Set(due.map((d) => `${d.gameId}:${d.marketDay}:${d.kind}`));
    for (const f of open) {
      const e = f.evidence as { gameId?: string; marketDay?: string; drawKind?: string; dueAt?: string };
      const id = `${e.gameId}:${e.marketDay}:${e.drawKind}`;
      if (e.gameId && e.marketDay && e.drawKind && !seen.has(id)) {
        seen.add(id);
        due.push({ gameId: e.gameId, marketDay: e.marketDay, kind: e.drawKind, dueAt: e.dueAt ?? '' });
      }
    }
    const dueAt = new Map(due.map((d) => [`${d.gameId}:${d.marketDay}:${d.kind}`, d.dueAt]));
    const missing = await missingDraws(db, due);
    return {
      findings: missing.map((m) => {
        const id = `${m.game_id}:${m.market_day}:${m.kind}`;
        const when = dueAt.get(id);
        const job =
          m.attempts && m.attempts > 0
            ? ` (the scheduler tried ${m.attempts} ${m.attempts === 1 ? 'time' : 'times'}${m.last_error ? `: ${m.last_error.slice(0, 120)}` : ''})`
            : '';
        return {
          key: `missed-draw:${id}`,
          detail: `${m.game_name} ${m.market_day}: the ${m.kind === 'draw' ? '' : `${m.kind} `}draw due at ${when ? at(new Date(when), env.MARKET_TZ) : 'its time'} has no result${job}`,
          evidence: { gameId: m.game_id, marketDay: m.market_day, drawKind: m.kind, dueAt: when ?? null },
        };
      }),
    };
  },
};

/** Money requests an operator has left waiting longer than WATCHDOG_PENDING_MINUTES. */
const oldPending: WatchdogCheck = {
  kind: 'old-pending',
  severity: 'warning',
  async run({ db, env }) {
    const minutes = env.WATCHDOG_PENDING_MINUTES;
    const rows = await waitingRequests(db, minutes);
    return {
      findings: rows
        .filter((r) => r.n > 0)
        .map((r) => {
          const what = r.what === 'withdrawals' ? 'withdrawal' : 'deposit';
          return {
            key: `old-pending:${r.what}`,
            detail: `${r.n} ${what}${r.n === 1 ? '' : 's'} (${points(r.paise)}) waiting over ${minutes} minute${minutes === 1 ? '' : 's'}${r.oldest ? `; the oldest since ${at(r.oldest, env.MARKET_TZ)}` : ''}`,
            evidence: { requests: r.n, amount: r.paise / 100, oldest: r.oldest?.toISOString() ?? null },
          };
        }),
    };
  },
};

/**
 * The payee's phone stopped forwarding its bank's messages while players wait for automatic UPI
 * deposits (UPI_AUTO_MATCH): nothing received for UPI_NOTIFY_QUIET_MINUTES with orders open. The
 * same verdict as GET /admin/payment-notifications/health (services/payments/upi-notify.ts).
 */
const forwarderQuiet: WatchdogCheck = {
  kind: 'forwarder-quiet',
  severity: 'warning',
  async run({ db, env, now }) {
    const h = await forwarderHealth(db, env, now);
    if (!h.quiet) return { findings: [] };
    const last = h.lastReceivedAt ? `since ${at(new Date(h.lastReceivedAt), env.MARKET_TZ)}` : 'ever';
    return {
      findings: [
        {
          key: 'forwarder-quiet',
          detail: `No payment message forwarded ${last} while ${h.openOrders} UPI ${h.openOrders === 1 ? 'order waits' : 'orders wait'} for one: check the payee's phone and its forwarder app`,
          evidence: { lastReceivedAt: h.lastReceivedAt, openOrders: h.openOrders },
        },
      ],
    };
  },
};

/** Bank statements and credited UPI deposits that disagree (statement-check.ts), alerted once each. */
const statementException: WatchdogCheck = {
  kind: 'statement-exception',
  severity: 'critical',
  run: async ({ db }) => ({ findings: await statementExceptionFindings(db) }),
};

/** Result sources that disagree, or disagree with a declared result (issue 46; feeds/watch.ts). */
const resultConflict: WatchdogCheck = {
  kind: 'result-conflict',
  severity: 'critical',
  run: async ({ db }) => ({ findings: await conflictFindings(db) }),
};

/** Every check a pass runs, in order. Add a check with one line here. */
export const CHECKS: readonly WatchdogCheck[] = [
  ledgerDrift,
  stuckSettlement,
  missedDraw,
  oldPending,
  forwarderQuiet,
  statementException,
  resultConflict,
];
