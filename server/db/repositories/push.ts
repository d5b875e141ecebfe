import type { Lang } from '../../../src/i18n/languages';
import type { Queryable } from '../types';

/** A message to queue, with its English text and both translations (the player's language picks). */
export interface PushOutboxInsert {
  userId: string | null;
  title: string;
  body: string;
  image: string | null;
  link: string | null;
  icon: string | null;
  dedupeKey: string | null;
  hi: { title: string; body: string };
  mr: { title: string; body: string };
}

/**
 * Queues messages in push_outbox with one statement (a settlement's thousand winners are one round
 * trip); each player's saved language chooses the text (a broadcast stays English), and a repeated
 * dedupe key queues nothing.
 */
export async function insertPushes(q: Queryable, messages: PushOutboxInsert[]): Promise<void> {
  if (messages.length === 0) return;
  await q.query(
    `INSERT INTO push_outbox (user_id, title, body, image, link, icon, dedupe_key)
     SELECT m.user_id, CASE u.language WHEN 'hi' THEN m.hi_title WHEN 'mr' THEN m.mr_title ELSE m.title END,
            CASE u.language WHEN 'hi' THEN m.hi_body WHEN 'mr' THEN m.mr_body ELSE m.body END,
            m.image, m.link, m.icon, m.dedupe_key
       FROM jsonb_to_recordset($1::jsonb) AS m(user_id uuid, title text, body text, image text,
              link text, icon text, dedupe_key text, hi_title text, hi_body text, mr_title text, mr_body text)
       LEFT JOIN users u ON u.id = m.user_id
     ON CONFLICT (dedupe_key) DO NOTHING`,
    [
      JSON.stringify(
        messages.map((m) => ({
          user_id: m.userId,
          title: m.title,
          body: m.body,
          image: m.image,
          link: m.link,
          icon: m.icon,
          dedupe_key: m.dedupeKey,
          hi_title: m.hi.title,
          hi_body: m.hi.body,
          mr_title: m.mr.title,
          mr_body: m.mr.body,
        })),
      ),
    ],
  );
}

export interface PushOutboxRow {
  id: string;
  user_id: string | null;
  title: string;
  body: string;
  image: string | null;
  link: string | null;
  icon: string | null;
}

/** Claims up to `batch` pending messages, oldest first, FOR UPDATE SKIP LOCKED (one sender each). */
export async function claimPendingPushes(q: Queryable, batch: number): Promise<PushOutboxRow[]> {
  const rows = await q.query<PushOutboxRow>(
    `SELECT id, user_id, title, body, image, link, icon FROM push_outbox
        WHERE status = 'pending' AND attempts < 5 ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [batch],
  );
  return rows.rows;
}

export interface PushRecipient {
  token: string;
  language: Lang | null;
}

/**
 * The device tokens a message goes to, with each owner's language: a player's own tokens, or for
 * a broadcast (userId null) every player's except those in a time-out or self-exclusion.
 */
export async function pushRecipients(q: Queryable, userId: string | null): Promise<PushRecipient[]> {
  const tokens = await q.query<PushRecipient>(
    userId
      ? `SELECT d.token, u.language FROM device_tokens d JOIN users u ON u.id = d.user_id WHERE d.user_id = $1
             UNION SELECT device_token, language FROM users WHERE id = $1 AND device_token IS NOT NULL`
      : `SELECT d.token, u.language FROM device_tokens d JOIN users u ON u.id = d.user_id
              WHERE u.paused_until IS NULL OR u.paused_until <= now()
             UNION SELECT device_token, language FROM users WHERE device_token IS NOT NULL
              AND (paused_until IS NULL OR paused_until <= now()) AND $1::uuid IS NULL`,
    [userId],
  );
  return tokens.rows;
}

/** Forgets device tokens the push service reported dead. */
export async function deleteDeviceTokens(q: Queryable, tokens: string[]): Promise<void> {
  await q.query('DELETE FROM device_tokens WHERE token IN (SELECT jsonb_array_elements_text($1::jsonb))', [
    JSON.stringify(tokens),
  ]);
}

/** Marks a claimed message handled: 'sent', or 'skipped' when it had no recipient. */
export async function markPushDone(q: Queryable, id: string, status: 'sent' | 'skipped'): Promise<void> {
  await q.query(
    `UPDATE push_outbox SET status = $2, sent_at = now(), attempts = attempts + 1 WHERE id = $1`,
    [id, status],
  );
}

/** Counts a failed attempt; the fifth failure marks the message 'failed'. */
export async function recordPushFailure(q: Queryable, id: string, error: string): Promise<void> {
  await q.query(
    `UPDATE push_outbox SET attempts = attempts + 1, last_error = $2,
                  status = CASE WHEN attempts + 1 >= 5 THEN 'failed' ELSE 'pending' END WHERE id = $1`,
    [id, error],
  );
}
