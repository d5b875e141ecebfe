import { UUID_RE } from '../../src/contracts/common';
import {
  DeviceSchema,
  NotificationPrefsBodySchema,
  NotificationPrefsSchema,
  PushOutboxItemSchema,
} from '../../src/contracts/notifications';
import { z } from '../../src/contracts/zod';
import { player } from '../http/auth';
import { ok, okMessage, okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { notFound } from '../services/errors';
import {
  changeNotificationPrefs,
  notificationPrefs,
  playerDevices,
  pushesFor,
  removeDevice,
} from '../services/players/notifications';

/** Operators only (the console is English): whose pushes to list. */
const PushOutboxQuerySchema = z.object({
  userId: z.string().regex(UUID_RE, 'userId must be a player id').optional(),
});

/**
 * The player's notification choices (which results, wins, funds) and devices; an owner's view of
 * the pushes that reached a player.
 */
export function notificationsRoutes() {
  const r = createRouter('/api/v1', 'Notifications');
  r.get(
    '/user/notifications',
    { summary: 'Own notification choices', auth: 'player', response: NotificationPrefsSchema },
    async (c) => ok(c, await notificationPrefs(c.get('deps').db, player(c).userId)),
  );
  r.put(
    '/user/notifications',
    {
      summary: 'Change notification choices (all fields or some)',
      auth: 'player',
      body: NotificationPrefsBodySchema,
      response: NotificationPrefsSchema,
    },
    async (c, { body }) =>
      ok(
        c,
        await changeNotificationPrefs(c.get('deps').db, player(c).userId, body),
        'Your notification choices were saved',
      ),
  );
  r.get(
    '/user/devices',
    { summary: 'Own devices that receive notifications', auth: 'player', response: DeviceSchema.array() },
    async (c) => ok(c, await playerDevices(c.get('deps').db, player(c).userId)),
  );
  r.delete(
    '/user/devices/:id',
    { summary: 'Stop notifications to one of own devices', auth: 'player' },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Device');
      await removeDevice(c.get('deps').db, player(c).userId, params.id as string);
      return okMessage(c, 'Device removed');
    },
  );
  r.get(
    '/admin/push-outbox',
    {
      summary: 'Pushes queued or sent that reach a player, newest first (owners)',
      auth: 'owner',
      query: PushOutboxQuerySchema,
      paged: true,
      response: PushOutboxItemSchema,
    },
    async (c, { query, page }) => {
      const { rows, total } = await pushesFor(c.get('deps').db, query.userId ?? null, page);
      return okPaged(c, rows, pagination(page, total));
    },
  );
  return r;
}
