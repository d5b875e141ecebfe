import { insertPushes, type PushTopic } from '../../db/repositories/push';
import type { Queryable } from '../../db/types';
import { translate } from '../../i18n/translate';

export interface PushMessage {
  /** null = a broadcast: to every player, or with `gameId` to that market's audience. */
  userId: string | null;
  title: string;
  body: string;
  image?: string | null;
  link?: string | null;
  icon?: string | null;
  /** Same key twice queues one message (a repeated settlement run must not notify twice). */
  dedupeKey?: string | null;
  /** A result push: the market it is about (its audience is who takes every result or follows it). */
  gameId?: string | null;
  /** The player's choice the push follows: 'win' and 'funds' are not queued for a player who said no. */
  topic?: PushTopic | null;
}

/**
 * Queues a notification in push_outbox inside the caller's transaction, so it exists exactly when
 * the money change it reports committed. The push worker sends it later (or never, without
 * FIREBASE_SERVICE_ACCOUNT: then it stays queued).
 */
export async function enqueuePush(q: Queryable, m: PushMessage): Promise<void> {
  await enqueuePushes(q, [m]);
}

/** Many messages queued by one statement, each exactly as enqueuePush queues it. */
export async function enqueuePushes(q: Queryable, messages: PushMessage[]): Promise<void> {
  // In the player's language (issue 22), chosen inside the same one statement: the English text
  // and both translations go in, the player's saved language picks (a broadcast stays English).
  await insertPushes(
    q,
    messages.map((m) => ({
      userId: m.userId,
      title: m.title,
      body: m.body,
      image: m.image ?? null,
      link: m.link ?? null,
      icon: m.icon ?? null,
      dedupeKey: m.dedupeKey ?? null,
      gameId: m.gameId ?? null,
      topic: m.topic ?? null,
      hi: { title: translate(m.title, 'hi'), body: translate(m.body, 'hi') },
      mr: { title: translate(m.title, 'mr'), body: translate(m.body, 'mr') },
    })),
  );
}

/**
 * The FCM payload of docs/api.md "Push": {notification: {title, body, image?}, data: {link?, icon?}}.
 * Example: pushPayload({title: 'T', body: 'B', link: '/wallet'}) -> {notification: {title: 'T', body: 'B'}, data: {link: '/wallet'}}
 */
export function pushPayload(m: {
  title: string;
  body: string;
  image?: string | null;
  link?: string | null;
  icon?: string | null;
}) {
  const notification: { title: string; body: string; image?: string } = { title: m.title, body: m.body };
  if (m.image) notification.image = m.image;
  const data: Record<string, string> = {};
  if (m.link) data.link = m.link;
  if (m.icon) data.icon = m.icon;
  return { notification, data };
}
