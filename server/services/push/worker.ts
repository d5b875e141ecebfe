import type { Lang } from '../../../src/i18n/languages';
import {
  claimPendingPushes,
  deleteDeviceTokens,
  markPushDone,
  type PushRecipient,
  pushRecipients,
  recordPushFailure,
} from '../../db/repositories/push';
import type { Db } from '../../db/types';
import { translate } from '../../i18n/translate';
import type { Logger } from '../../logger';
import { pushPayload } from './queue';

/** Device tokens grouped by their player's language (one group for a player's own message). */
function byLanguage(row: { user_id: string | null }, tokens: PushRecipient[]): Map<Lang, string[]> {
  const groups = new Map<Lang, string[]>();
  for (const t of tokens) {
    const lang = row.user_id ? 'en' : (t.language ?? 'en');
    groups.set(lang, [...(groups.get(lang) ?? []), t.token]);
  }
  return groups;
}

/** Sends one payload to many device tokens; answers the tokens FCM says are dead. */
export type PushSender = (
  tokens: string[],
  payload: ReturnType<typeof pushPayload>,
) => Promise<{ dead: string[] }>;

/** A sender backed by firebase-admin, or null when FIREBASE_SERVICE_ACCOUNT is not set. */
export async function firebaseSender(serviceAccountJson: string | undefined): Promise<PushSender | null> {
  if (!serviceAccountJson) return null;
  const { cert, getApps, initializeApp } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const app = getApps()[0] ?? initializeApp({ credential: cert(JSON.parse(serviceAccountJson)) });
  const messaging = getMessaging(app);
  return async (tokens, payload) => {
    const dead: string[] = [];
    for (let i = 0; i < tokens.length; i += 500) {
      const chunk = tokens.slice(i, i + 500);
      const r = await messaging.sendEachForMulticast({ tokens: chunk, ...payload });
      r.responses.forEach((res, j) => {
        const code = res.error?.code ?? '';
        if (
          code.includes('registration-token-not-registered') ||
          code.includes('invalid-registration-token')
        ) {
          dead.push(chunk[j] as string);
        }
      });
    }
    return { dead };
  };
}

/**
 * Sends up to `batch` queued messages. Rows are claimed with FOR UPDATE SKIP LOCKED so several
 * server processes never send the same message; without a sender nothing is claimed (the outbox
 * keeps the messages, as docs/api.md asks).
 */
export async function sendQueuedPushes(
  db: Db,
  sender: PushSender | null,
  logger?: Logger,
  batch = 50,
): Promise<number> {
  if (!sender) return 0;
  return db.transaction(async (tx) => {
    const rows = await claimPendingPushes(tx, batch);
    for (const row of rows) {
      // A player's own devices; a broadcast (a declared result) skips players in a time-out or
      // self-exclusion.
      const tokens = await pushRecipients(tx, row);
      try {
        const list = tokens.map((t) => t.token);
        const dead: string[] = [];
        for (const [lang, group] of byLanguage(row, tokens)) {
          // A player's own message was written in their language when queued; a broadcast (a
          // result declared) is translated here, once per language of its recipients (issue 22).
          const text = row.user_id
            ? row
            : { ...row, title: translate(row.title, lang), body: translate(row.body, lang) };
          dead.push(...(await sender(group, pushPayload(text))).dead);
        }
        if (dead.length > 0) {
          await deleteDeviceTokens(tx, dead);
        }
        await markPushDone(tx, row.id, list.length > 0 ? 'sent' : 'skipped');
      } catch (error) {
        logger?.warn('push send failed', { id: row.id, error: (error as Error).message });
        await recordPushFailure(tx, row.id, (error as Error).message.slice(0, 500));
      }
    }
    return rows.length;
  });
}
