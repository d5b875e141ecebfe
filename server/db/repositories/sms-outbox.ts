import type { Queryable } from '../types';

export interface OutboxRow {
  id: string;
  phone: string;
  purpose: string | null;
  text: string;
  created_at: Date;
}

/** The latest messages of the outbox, newest first, all or one phone's. */
export async function listOutbox(
  q: Queryable,
  phone: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = phone ? 'WHERE phone = $1' : '';
  const params = phone ? [phone] : [];
  const total = await q.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM sms_outbox ${where}`, params);
  const rows = await q.query<OutboxRow>(
    `SELECT id, phone, purpose, text, created_at FROM sms_outbox ${where}
          ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}
