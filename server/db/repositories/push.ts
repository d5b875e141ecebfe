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
  /** The market a result push is about: its audience is that market's followers (migration 020). */
  gameId: string | null;
  topic: PushTopic | null;
  hi: { title: string; body: string };
  mr: { title: string; body: string };
}

/** Which of a player's notification choices a push follows (GET/PUT /user/notifications). */
export type PushTopic = 'result' | 'win' | 'funds';

/**
 * Queues messages in push_outbox with one statement (a settlement's thousand winners are one round
 * trip); each player's saved language chooses the text (a broadcast stays English), a repeated
 * dedupe key queues nothing, and a player's own win or funds push is not queued when they switched
 * that kind off (notification_prefs).
 */
export async function insertPushes(q: Queryable, messages: PushOutboxInsert[]): Promise<void> {
  if (messages.length === 0) return;
  await q.query(
    `INSERT INTO push_outbox (user_id, title, body, image, link, icon, dedupe_key, game_id, topic)
     SELECT m.user_id, CASE u.language WHEN 'hi' THEN m.hi_title WHEN 'mr' THEN m.mr_title ELSE m.title END,
            CASE u.language WHEN 'hi' THEN m.hi_body WHEN 'mr' THEN m.mr_body ELSE m.body END,
            m.image, m.link, m.icon, m.dedupe_key, m.game_id, m.topic
       FROM jsonb_to_recordset($1::jsonb) AS m(user_id uuid, title text, body text, image text,
              link text, icon text, dedupe_key text, game_id uuid, topic text, hi_title text, hi_body text,
              mr_title text, mr_body text)
       LEFT JOIN users u ON u.id = m.user_id
       LEFT JOIN notification_prefs n ON n.user_id = m.user_id
      WHERE n.user_id IS NULL OR m.topic IS NULL
         OR (m.topic = 'win' AND n.wins) OR (m.topic = 'funds' AND n.funds) OR m.topic = 'result'
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
          game_id: m.gameId,
          topic: m.topic,
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
  /** A result push's market: with user_id null, only that market's audience gets it. */
  game_id: string | null;
  title: string;
  body: string;
  image: string | null;
  link: string | null;
  icon: string | null;
}

/** Claims up to `batch` pending messages, oldest first, FOR UPDATE SKIP LOCKED (one sender each). */
export async function claimPendingPushes(q: Queryable, batch: number): Promise<PushOutboxRow[]> {
  const rows = await q.query<PushOutboxRow>(
    `SELECT id, user_id, game_id, title, body, image, link, icon FROM push_outbox
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
 * A broadcast's audience, as SQL over `u` (users) and `n` (their notification_prefs, may be null):
 * never a player in a time-out or self-exclusion; for a result push (a market, `$1`), the players
 * who take every result or follow that market.
 */
const AUDIENCE = `(u.paused_until IS NULL OR u.paused_until <= now()) AND ${follows('$1::uuid')}`;

/** SQL: the player `n` (notification_prefs, may be null) takes result pushes of market `game`. */
function follows(game: string): string {
  return `(${game} IS NULL OR n.user_id IS NULL OR n.results = 'all'
        OR (n.results = 'followed' AND n.markets @> ARRAY[${game}]))`;
}

/**
 * The device tokens a message goes to, with each owner's language: a player's own tokens, or for
 * a broadcast (user_id null) the tokens of its audience (AUDIENCE).
 */
export async function pushRecipients(
  q: Queryable,
  row: Pick<PushOutboxRow, 'user_id' | 'game_id'>,
): Promise<PushRecipient[]> {
  const tokens = row.user_id
    ? await q.query<PushRecipient>(
        `SELECT d.token, u.language FROM device_tokens d JOIN users u ON u.id = d.user_id WHERE d.user_id = $1
             UNION SELECT device_token, language FROM users WHERE id = $1 AND device_token IS NOT NULL`,
        [row.user_id],
      )
    : await q.query<PushRecipient>(
        `SELECT d.token, u.language FROM device_tokens d JOIN users u ON u.id = d.user_id
           LEFT JOIN notification_prefs n ON n.user_id = u.id
          WHERE ${AUDIENCE}
         UNION SELECT u.device_token, u.language FROM users u LEFT JOIN notification_prefs n ON n.user_id = u.id
          WHERE u.device_token IS NOT NULL AND ${AUDIENCE}`,
        [row.game_id],
      );
  return tokens.rows;
}

/**
 * Forgets device tokens the push service reported dead (unregistered or invalid), also where a
 * registration stored one on the player's row.
 */
export async function deleteDeviceTokens(q: Queryable, tokens: string[]): Promise<void> {
  const list = JSON.stringify(tokens);
  await q.query('DELETE FROM device_tokens WHERE token IN (SELECT jsonb_array_elements_text($1::jsonb))', [
    list,
  ]);
  await q.query(
    `UPDATE users SET device_token = NULL, device_token_updated_at = now()
      WHERE device_token IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [list],
  );
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

export interface OutboxViewRow {
  id: string;
  title: string;
  body: string;
  link: string | null;
  created_at: Date;
  sent_at: Date | null;
  status: string;
  game_id: string | null;
  total: number;
}

/**
 * The pushes that reach a player, newest first: their own, and the broadcasts queued since they
 * registered whose audience they are in by their choices now (a result push is stored once for
 * its whole audience). Without a player: every push.
 */
export async function outboxFor(
  q: Queryable,
  userId: string | null,
  page: { limit: number; offset: number },
): Promise<OutboxViewRow[]> {
  const r = await q.query<OutboxViewRow>(
    `SELECT p.id, p.title, p.body, p.link, p.created_at, p.sent_at, p.status, p.game_id,
            count(*) OVER () AS total
       FROM push_outbox p
      WHERE $1::uuid IS NULL OR p.user_id = $1
         OR (p.user_id IS NULL AND EXISTS (
              SELECT 1 FROM users u LEFT JOIN notification_prefs n ON n.user_id = u.id
               WHERE u.id = $1 AND p.created_at >= u.created_at AND ${follows('p.game_id')}))
      ORDER BY p.created_at DESC, p.id LIMIT $2 OFFSET $3`,
    [userId, page.limit, page.offset],
  );
  return r.rows;
}
