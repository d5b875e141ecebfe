import { listOutbox } from '../../db/repositories/sms';
import type { Queryable } from '../../db/types';

/** Codes in a message's text (4-digit OTPs, and any longer run of digits to be safe). */
const CODES = /\d{4,}/g;

/**
 * The latest SMS messages, newest first (all, or one phone's). Login codes let their reader sign in
 * as the player, so with `masked` every code is replaced by dots of the same length.
 */
export async function latestMessages(
  q: Queryable,
  phone: string | undefined,
  page: { limit: number; offset: number },
  masked: boolean,
) {
  const { rows, total } = await listOutbox(q, phone, page.limit, page.offset);
  const items = rows.map((m) => ({
    _id: m.id,
    phone: m.phone,
    purpose: m.purpose,
    text: masked ? m.text.replace(CODES, (d) => '•'.repeat(d.length)) : m.text,
    createdAt: m.created_at.toISOString(),
  }));
  return { rows: items, total };
}
