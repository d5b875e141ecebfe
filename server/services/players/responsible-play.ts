import type { LimitsBody, LimitsState, Pause } from '../../../src/contracts/responsible-play';
import { paiseToPoints, pointsToPaise } from '../../../src/domain/money';
import {
  LIMIT_FIELDS,
  type LimitField,
  LOOSER_AFTER_MS,
  limitKind,
  limitMessage,
  limitPeriod,
  type MoneyMode,
  pausedMessage,
  pauseEnd,
  periodReset,
  periodStart,
} from '../../../src/domain/responsible-play';
import { creditOnce } from '../../db/repositories/ledger';
import {
  grantRef,
  type LimitRow,
  limitRows,
  type PlayerGuardRow,
  playerGuard,
  recordRefusal,
  setPause,
  setRealityCheck,
  type UsageSums,
  usageSums,
  writeLimit,
} from '../../db/repositories/responsible-play';
import type { Db, Queryable } from '../../db/types';
import { ledgerText } from '../../i18n/ledger-text';
import { conflict, notFound, ServiceError } from '../errors';

export const POINTS_NO_CASH = 'Deposits and withdrawals are off: points have no cash value';
export const PAUSE_CANNOT_SHORTEN =
  'Your account is already paused until a later date. A pause cannot be shortened or lifted.';

interface Ctx {
  now: Date;
  tz: string;
  mode: MoneyMode;
}

/** The value of a limit row in force at `now` (a looser value waits until its time). */
export function inForce(row: LimitRow, now: Date): number | null {
  if (row.pending && row.pending_at && row.pending_at.getTime() <= now.getTime())
    return row.pending_value_paise;
  return row.value_paise;
}

function starts(now: Date, tz: string) {
  return {
    day: periodStart('day', now, tz),
    week: periodStart('week', now, tz),
    month: periodStart('month', now, tz),
  };
}

function usedOf(field: LimitField, u: UsageSums): number {
  const key = `${limitKind(field)}_${limitPeriod(field)}` as keyof UsageSums;
  return Number(u[key]);
}

function presentPause(g: PlayerGuardRow | null, now: Date): Pause {
  if (!g?.paused_until || g.paused_until.getTime() <= now.getTime()) return null;
  return { kind: g.pause_kind ?? 'time-out', until: g.paused_until.toISOString() };
}

/** GET /user/limits and the operators' read-only view. */
export async function limitsState(
  q: Queryable,
  userId: string,
  ctx: Omit<Ctx, 'mode'>,
): Promise<LimitsState> {
  const guard = await playerGuard(q, userId);
  if (!guard) throw notFound('Player');
  const rows = await limitRows(q, userId);
  const sums = await usageSums(q, userId, starts(ctx.now, ctx.tz), ctx.now);
  const byField = new Map(rows.map((r) => [r.field, r]));
  const limits = {} as LimitsState['limits'];
  const usage = {} as LimitsState['usage'];
  const resets = {} as LimitsState['resets'];
  const pending: LimitsState['pending'] = [];
  for (const field of LIMIT_FIELDS) {
    const row = byField.get(field);
    const value = row ? inForce(row, ctx.now) : null;
    limits[field] = value === null ? null : paiseToPoints(value);
    usage[field] = paiseToPoints(usedOf(field, sums));
    resets[field] = periodReset(limitPeriod(field), ctx.now, ctx.tz).toISOString();
    if (row?.pending && row.pending_at && row.pending_at.getTime() > ctx.now.getTime()) {
      pending.push({
        field,
        value: row.pending_value_paise === null ? null : paiseToPoints(row.pending_value_paise),
        effectiveAt: row.pending_at.toISOString(),
      });
    }
  }
  return {
    limits,
    pending,
    usage,
    resets,
    pause: presentPause(guard, ctx.now),
    realityCheckMinutes: guard.reality_check_minutes,
    adultConfirmedAt: guard.adult_confirmed_at?.toISOString() ?? null,
  };
}

/**
 * PUT /user/limits: a stricter value (lower, or a limit where there was none) takes effect at once
 * and cancels a pending looser one; a looser one (higher, or none) waits 24 hours as pending.
 */
export async function changeLimits(db: Db, userId: string, body: LimitsBody, ctx: Omit<Ctx, 'mode'>) {
  await db.transaction(async (tx) => {
    if (!(await playerGuard(tx, userId, true))) throw notFound('Player');
    const rows = new Map((await limitRows(tx, userId, true)).map((r) => [r.field, r]));
    for (const field of LIMIT_FIELDS) {
      const asked = body[field];
      if (asked === undefined) continue;
      const wanted = asked === null ? null : pointsToPaise(asked);
      const row = rows.get(field);
      const current = row ? inForce(row, ctx.now) : null;
      const stricter = wanted !== null && (current === null || wanted < current);
      const same = wanted === current;
      if (stricter || same) {
        await writeLimit(tx, userId, {
          field,
          value_paise: wanted,
          pending: false,
          pending_value_paise: null,
          pending_at: null,
        });
      } else {
        await writeLimit(tx, userId, {
          field,
          value_paise: current,
          pending: true,
          pending_value_paise: wanted,
          pending_at: new Date(ctx.now.getTime() + LOOSER_AFTER_MS),
        });
      }
    }
    if (body.realityCheckMinutes !== undefined) await setRealityCheck(tx, userId, body.realityCheckMinutes);
  });
  return limitsState(db, userId, ctx);
}

/**
 * POST /user/time-out and /user/self-exclusion. Only ever lengthens a pause: one that would end
 * sooner than the pause in force answers 409 and changes nothing (the database refuses it too).
 */
export async function pausePlayer(
  db: Db,
  userId: string,
  kind: 'time-out' | 'self-exclusion',
  length: { days: number } | { months: number },
  ctx: Omit<Ctx, 'mode'>,
): Promise<NonNullable<Pause>> {
  const until = pauseEnd(ctx.now, length);
  return db.transaction(async (tx) => {
    const guard = await playerGuard(tx, userId, true);
    if (!guard) throw notFound('Player');
    const running = presentPause(guard, ctx.now);
    if (running && new Date(running.until).getTime() >= until.getTime()) throw conflict(PAUSE_CANNOT_SHORTEN);
    // A time-out that outlasts a running self-exclusion lengthens it and keeps it a self-exclusion.
    const newKind = running?.kind === 'self-exclusion' ? 'self-exclusion' : kind;
    await setPause(tx, userId, until, newKind);
    return { kind: newKind, until: until.toISOString() };
  });
}

/**
 * A request refused by a pause (403) or a limit (422): the caller notes it for the operators'
 * report (noteRefusal) after the refused request's transaction is gone.
 */
export class GuardRefusal extends ServiceError {
  constructor(
    status: 403 | 422,
    message: string,
    readonly limit: LimitField | 'pause',
  ) {
    super(status === 422 ? 'unprocessable' : 'forbidden', message, status === 422 ? { amount: message } : {});
  }
}

/** 403 while a pause runs: checked before a gateway is asked (the transaction checks again). */
export async function assertNotPaused(q: Queryable, userId: string, ctx: Omit<Ctx, 'mode'>): Promise<void> {
  const pause = presentPause(await playerGuard(q, userId), ctx.now);
  if (pause) throw new GuardRefusal(403, pausedMessage(new Date(pause.until), ctx.tz), 'pause');
}

export function pauseRefusal(until: Date, tz: string): GuardRefusal {
  return new GuardRefusal(403, pausedMessage(until, tz), 'pause');
}

/**
 * The deposit check of a fund order, inside its transaction: the player's row is locked here (the
 * same lock the pending-order cap takes), so parallel orders of one player are counted in turn and
 * never pass a deposit limit together. Refuses a paused player with 403 and an order that would
 * pass a limit with 422 naming the limit, what is left and when it resets.
 */
export async function assertDepositAllowed(tx: Queryable, userId: string, amountPaise: number, ctx: Ctx) {
  const guard = await playerGuard(tx, userId, true);
  const pause = presentPause(guard, ctx.now);
  if (pause) throw new GuardRefusal(403, pausedMessage(new Date(pause.until), ctx.tz), 'pause');
  const rows = (await limitRows(tx, userId)).filter((r) => limitKind(r.field) === 'deposit');
  const inForceRows = rows
    .map((r) => ({ field: r.field, value: inForce(r, ctx.now) }))
    .filter((r): r is { field: LimitField; value: number } => r.value !== null);
  if (inForceRows.length === 0) return;
  const sums = await usageSums(tx, userId, starts(ctx.now, ctx.tz), ctx.now);
  const hits = inForceRows
    .map((r) => ({ field: r.field, left: r.value - usedOf(r.field, sums) }))
    .filter((r) => amountPaise > r.left)
    .sort((a, b) => a.left - b.left);
  const hit = hits[0];
  if (!hit) return;
  throw limitRefusal(hit.field, Math.max(0, hit.left), ctx);
}

/** The 422 of a limit (also the bid statement's 'limit' refusal). */
export function limitRefusal(field: LimitField, leftPaise: number, ctx: Ctx): GuardRefusal {
  const message = limitMessage(
    field,
    paiseToPoints(leftPaise),
    periodReset(limitPeriod(field), ctx.now, ctx.tz),
    ctx.tz,
    ctx.mode,
  );
  return new GuardRefusal(422, message, field);
}

/** Notes a refusal for the operators' report when `error` is one, then answers it unchanged. */
export async function noteRefusal(q: Queryable, userId: string, error: unknown): Promise<unknown> {
  if (error instanceof GuardRefusal) await recordRefusal(q, userId, error.limit);
  return error;
}

/**
 * Points mode's daily grant: `points` reach the wallet once per player and market day, as a ledger
 * entry of kind 'grant' (the ledger's unique (kind, ref_id) makes a second login that day a no-op).
 */
export async function grantDailyPoints(tx: Queryable, userId: string, day: string, points: number) {
  return creditOnce(tx, {
    userId,
    amountPaise: pointsToPaise(points),
    kind: 'grant',
    refId: grantRef(userId, day),
    description: ledgerText.dailyPoints(day),
  });
}
