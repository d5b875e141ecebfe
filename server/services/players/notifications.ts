import { createHash } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFS,
  type Device,
  type NotificationPrefs,
  type NotificationPrefsBody,
  type PushOutboxItem,
} from '../../../src/contracts/notifications';
import { deleteDevice, listDevices } from '../../db/repositories/devices';
import {
  existingGameIds,
  findNotificationPrefs,
  lockNotificationPrefs,
  saveNotificationPrefs,
} from '../../db/repositories/notification-prefs';
import { outboxFor } from '../../db/repositories/push';
import type { Db, PageRequest, Queryable } from '../../db/types';
import { badRequest, notFound } from '../errors';

export const UNKNOWN_MARKET = 'One of the markets does not exist';

/** The player's choices: saved, or the defaults (every result, wins and funds on). */
export async function notificationPrefs(q: Queryable, userId: string): Promise<NotificationPrefs> {
  return (await findNotificationPrefs(q, userId)) ?? { ...DEFAULT_NOTIFICATION_PREFS };
}

/**
 * Changes some or all of the choices; the markets are checked to exist and kept once each, in
 * the order given. Answers the choices now in force.
 */
export async function changeNotificationPrefs(
  db: Db,
  userId: string,
  body: NotificationPrefsBody,
): Promise<NotificationPrefs> {
  return db.transaction(async (tx) => {
    await lockNotificationPrefs(tx, userId);
    const now = await notificationPrefs(tx, userId);
    const markets = body.markets ? [...new Set(body.markets.map((m) => m.toLowerCase()))] : now.markets;
    if (body.markets) {
      const known = await existingGameIds(tx, markets);
      if (markets.some((m) => !known.has(m))) throw badRequest(UNKNOWN_MARKET, { markets: UNKNOWN_MARKET });
    }
    const next: NotificationPrefs = {
      results: body.results ?? now.results,
      markets,
      wins: body.wins ?? now.wins,
      funds: body.funds ?? now.funds,
    };
    await saveNotificationPrefs(tx, userId, next);
    return next;
  });
}

/**
 * The first 16 hex digits of the SHA-256 of a push token: the app finds itself in the device
 * list by it, and no token leaves the server.
 */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

/** The player's devices that receive pushes, newest first. */
export async function playerDevices(q: Queryable, userId: string): Promise<Device[]> {
  const rows = await listDevices(q, userId);
  return rows.map((d) => ({
    _id: d.id,
    browser: d.browser,
    os: d.os,
    fingerprint: tokenFingerprint(d.token),
    createdAt: d.created_at.toISOString(),
    updatedAt: d.updated_at.toISOString(),
  }));
}

/** Stops pushes to one of the player's devices (404 for an id that is not theirs). */
export async function removeDevice(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db.transaction((tx) => deleteDevice(tx, userId, id));
  if (!gone) throw notFound('Device');
}

/** What reached (or will reach) a player, newest first; every push without a player. */
export async function pushesFor(
  q: Queryable,
  userId: string | null,
  page: PageRequest,
): Promise<{ rows: PushOutboxItem[]; total: number }> {
  const rows = await outboxFor(q, userId, page);
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({
      _id: r.id,
      title: r.title,
      body: r.body,
      ...(r.link ? { link: r.link } : {}),
      createdAt: r.created_at.toISOString(),
      ...(r.sent_at ? { sentAt: r.sent_at.toISOString() } : {}),
      status: r.status,
      gameId: r.game_id,
    })),
  };
}
