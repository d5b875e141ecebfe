import type { Queryable } from '../types';

/** A forwarded payment message and what became of it (migration 017). */
export interface NotificationRow {
  id: string;
  received_at: Date;
  sent_at: Date | null;
  sender: string | null;
  text: string;
  source: 'sms-forwarder' | 'sms-gateway' | 'text';
  amount_paise: number | null;
  utr: string | null;
  outcome: 'matched' | 'duplicate' | 'unmatched' | 'ignored';
  reason: string;
  order_id: string | null;
  fund_request_id: string | null;
  matched_by: string | null;
  matched_at: Date | null;
  /** An operator's match waiting for a second owner (migration 023): the request, who asked, when. */
  match_fund_id: string | null;
  match_requested_by: string | null;
  match_requested_by_username: string | null;
  match_requested_at: Date | null;
  /** The request it credited, or that a waiting match would credit: its amount and player. */
  fund: { amountPaise: number; name: string | null; phone: string } | null;
}

const COLUMNS = `id, received_at, sent_at, sender, text, source, amount_paise, utr, outcome, reason, order_id,
  fund_request_id, matched_by, matched_at, match_fund_id, match_requested_by, match_requested_at,
  (SELECT username FROM admins a WHERE a.id = match_requested_by) AS match_requested_by_username,
  (SELECT json_build_object('amountPaise', f.amount_paise, 'name', u.name, 'phone', u.phone)
     FROM fund_requests f JOIN users u ON u.id = f.user_id
    WHERE f.id = coalesce(match_fund_id, fund_request_id)) AS fund`;

/** A message as it arrived, with what was read from it. */
export interface ArrivedMessage {
  receivedAt: Date;
  sentAt: Date | null;
  sender: string | null;
  text: string;
  source: NotificationRow['source'];
  amountPaise: number | null;
  utr: string | null;
}

export interface NewNotification extends ArrivedMessage {
  outcome: NotificationRow['outcome'];
  reason: string;
  orderId?: string | null;
  dedupeKey: string | null;
}

/**
 * Stores a message as it is (an ignored one). With a dedupe key it is stored only when no earlier
 * message (other than a duplicate) has that key: null then. The unique index
 * decides, so the same message delivered many times at once is taken once.
 */
export async function insertNotification(q: Queryable, n: NewNotification): Promise<string | null> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO payment_notifications
       (received_at, sent_at, sender, text, source, amount_paise, utr, outcome, reason, order_id, dedupe_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL AND outcome <> 'duplicate' DO NOTHING
     RETURNING id`,
    [
      n.receivedAt,
      n.sentAt,
      n.sender,
      n.text,
      n.source,
      n.amountPaise,
      n.utr,
      n.outcome,
      n.reason,
      n.orderId ?? null,
      n.dedupeKey,
    ],
  );
  return r.rows[0]?.id ?? null;
}

export async function setNotificationOutcome(
  q: Queryable,
  id: string,
  o: {
    outcome: NotificationRow['outcome'];
    reason: string;
    orderId: string | null;
    fundId?: string | null;
    matchedBy?: string | null;
    matchedAt?: Date | null;
  },
): Promise<void> {
  // Matched or not, a match that waited for approval is over.
  await q.query(
    `UPDATE payment_notifications SET outcome = $2, reason = $3, order_id = $4, fund_request_id = $5,
            matched_by = $6, matched_at = $7,
            match_fund_id = NULL, match_requested_by = NULL, match_requested_at = NULL
      WHERE id = $1`,
    [id, o.outcome, o.reason, o.orderId, o.fundId ?? null, o.matchedBy ?? null, o.matchedAt ?? null],
  );
}

export async function findNotification(
  q: Queryable,
  id: string,
  lock = false,
): Promise<NotificationRow | null> {
  const r = await q.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM payment_notifications WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Records an operator's match that waits for a second owner, in place of any that waited. */
export async function requestMatch(
  q: Queryable,
  id: string,
  r: { fundId: string; adminId: string; at: Date },
): Promise<void> {
  await q.query(
    `UPDATE payment_notifications SET match_fund_id = $2, match_requested_by = $3, match_requested_at = $4
      WHERE id = $1`,
    [id, r.fundId, r.adminId, r.at],
  );
}

/** A page of messages, newest first, optionally of one outcome. */
export async function listNotifications(
  q: Queryable,
  outcome: NotificationRow['outcome'] | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = outcome ? 'WHERE outcome = $1' : '';
  const params: unknown[] = outcome ? [outcome] : [];
  const total = await q.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM payment_notifications ${where}`,
    params,
  );
  const rows = await q.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM payment_notifications ${where}
      ORDER BY received_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

/**
 * The message that carries this UTR and waits only for its order to be named (a certain UPI credit
 * that named no order: reason no-order), locked: a player typing the UTR later names it.
 */
export async function waitingMessageWithUtr(q: Queryable, utr: string): Promise<NotificationRow | null> {
  const r = await q.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM payment_notifications WHERE utr = $1 AND outcome = 'unmatched' AND reason = 'no-order'
      ORDER BY received_at LIMIT 1 FOR UPDATE`,
    [utr],
  );
  return r.rows[0] ?? null;
}

/**
 * One UTR is decided by one transaction at a time (a message carrying it, the player typing it, an
 * operator matching it): each reads what the one before it committed.
 */
export async function lockUtr(q: Queryable, utr: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 727431035))', [`utr:${utr}`]);
}

export async function orderWithUtr(q: Queryable, utr: string): Promise<string | null> {
  const r = await q.query<{ order_id: string }>('SELECT order_id FROM payment_orders WHERE utr = $1', [utr]);
  return r.rows[0]?.order_id ?? null;
}

/** A money-received message to decide in one statement (functions/matka_upi_notify.sql). */
export interface MessageToDecide extends ArrivedMessage {
  kind: 'credit' | 'unclear';
  /** The parser's reason for an unclear one. */
  reason: string | null;
  /** UPI_AUTO_MATCH_MAX in paise: a larger payment waits for an operator. */
  autoMaxPaise: number;
  upi: boolean;
  references: string[];
  dedupeKey: string;
  /** When it was paid, and how far before the end of an order's window that may be. */
  at: Date;
  windowMs: number;
  /** The player's push when it credits, in each language. */
  push: { title: string; body: string; hi_title: string; hi_body: string; mr_title: string; mr_body: string };
}

/** What became of a stored message. */
export interface Decided {
  id: string;
  outcome: NotificationRow['outcome'];
  reason: string;
}

/**
 * Stores the message once and matches, credits or leaves it, in one statement (its own
 * transaction): see server/db/functions/matka_upi_notify.sql. Answers its id, outcome and reason.
 */
export async function decideMessage(q: Queryable, m: MessageToDecide): Promise<Decided> {
  const r = await q.query<{ r: Decided }>('SELECT matka_upi_notify($1::jsonb) AS r', [
    JSON.stringify({
      received_at: m.receivedAt.toISOString(),
      sent_at: m.sentAt?.toISOString() ?? null,
      sender: m.sender,
      text: m.text,
      source: m.source,
      amount: m.amountPaise,
      utr: m.utr,
      kind: m.kind,
      reason: m.reason,
      upi: m.upi,
      refs: m.references,
      dedupe: m.dedupeKey,
      at: m.at.toISOString(),
      window_ms: m.windowMs,
      auto_max: m.autoMaxPaise,
      push: m.push,
    }),
  ]);
  return r.rows[0]?.r as Decided;
}

/** Puts the bank's UTR on an order in place of what the player typed (the unique index still holds). */
export async function replaceOrderUtr(q: Queryable, id: string, utr: string, at: Date): Promise<void> {
  await q.query(
    'UPDATE payment_orders SET utr = $2, utr_at = COALESCE(utr_at, $3), updated_at = now() WHERE id = $1',
    [id, utr, at],
  );
}

/** When the last message arrived, and how many orders wait for one now (their window is open). */
export async function forwarderState(
  q: Queryable,
  now: Date | null,
): Promise<{ last_received_at: Date | null; open_orders: number; now: Date }> {
  const r = await q.query<{ last_received_at: Date | null; open_orders: number; now: Date }>(
    `SELECT (SELECT max(received_at) FROM payment_notifications) AS last_received_at,
            (SELECT count(*) FROM payment_orders
              WHERE status = 'PENDING' AND reference IS NOT NULL
                AND expires_at > COALESCE($1::timestamptz, now()))::int8 AS open_orders,
            COALESCE($1::timestamptz, now()) AS now`,
    [now],
  );
  return r.rows[0] as { last_received_at: Date | null; open_orders: number; now: Date };
}

/**
 * Takes a free exact amount among `basePaise` + 1..99 paise for `orderId` until `until`, in one
 * statement: a free one is picked at random and claimed by an upsert that only overwrites a hold
 * that has ended. Null when the one picked was taken meanwhile by a parallel order, or none is free.
 */
export async function holdPayAmount(
  q: Queryable,
  basePaise: number,
  orderId: string,
  now: Date,
  until: Date,
): Promise<number | null> {
  const r = await q.query<{ amount_paise: number }>(
    `WITH free AS (
       SELECT $1::int8 + p AS amount_paise FROM generate_series(1, 99) AS p
        WHERE NOT EXISTS (SELECT 1 FROM upi_pay_amounts h
                           WHERE h.amount_paise = $1::int8 + p AND h.held_until > $3)
        ORDER BY random() LIMIT 1)
     INSERT INTO upi_pay_amounts (amount_paise, order_id, held_until)
     SELECT amount_paise, $2, $4 FROM free
     ON CONFLICT (amount_paise) DO UPDATE SET order_id = EXCLUDED.order_id, held_until = EXCLUDED.held_until
      WHERE upi_pay_amounts.held_until <= $3
     RETURNING amount_paise`,
    [basePaise, orderId, now, until],
  );
  return r.rows[0]?.amount_paise ?? null;
}

/** How many of `basePaise` + 1..99 paise are free at `now`. */
export async function freePayAmounts(q: Queryable, basePaise: number, now: Date): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT 99 - count(*)::int8 AS n FROM upi_pay_amounts
      WHERE amount_paise BETWEEN $1::int8 + 1 AND $1::int8 + 99 AND held_until > $2`,
    [basePaise, now],
  );
  return Number(r.rows[0]?.n ?? 0);
}
