import { z } from 'zod';
import { SmsOutboxItemSchema } from '../../src/contracts/auth';
import { PhoneSchema } from '../../src/contracts/phone';
import { okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';

const QuerySchema = z.object({ phone: PhoneSchema.optional() });

/** Codes in a message's text (4-digit OTPs, and any longer run of digits to be safe). */
const CODES = /\d{4,}/g;
export const MASKED_IN_PRODUCTION =
  "Codes are masked: in production no operator sees a player's code here (with SMS_PROVIDER=outbox the server log still carries them)";

/**
 * GET /admin/sms-outbox?phone=: the latest messages, newest first. Owners only, and every reading
 * is in the audit log (its query, not its answer). Login codes let their reader sign in as the
 * player, so they are shown only to owners outside production (demos, tests); in production they
 * are masked for everyone.
 */
export function smsOutboxRoutes() {
  const r = createRouter('/api/v1/admin', 'SMS');
  r.get(
    '/sms-outbox',
    {
      summary: 'Latest SMS messages (owners; audited; codes masked in production)',
      auth: 'owner',
      audited: true,
      query: QuerySchema,
      paged: true,
      response: SmsOutboxItemSchema,
    },
    async (c, { query, page }) => {
      const { db, env } = c.get('deps');
      const masked = env.NODE_ENV === 'production';
      const where = query.phone ? 'WHERE phone = $1' : '';
      const params = query.phone ? [query.phone] : [];
      const total = await db.query<{ n: number }>(
        `SELECT count(*)::int8 AS n FROM sms_outbox ${where}`,
        params,
      );
      const rows = await db.query<{
        id: string;
        phone: string;
        purpose: string | null;
        text: string;
        created_at: Date;
      }>(
        `SELECT id, phone, purpose, text, created_at FROM sms_outbox ${where}
          ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.limit, page.offset],
      );
      const items = rows.rows.map((m) => ({
        _id: m.id,
        phone: m.phone,
        purpose: m.purpose,
        text: masked ? m.text.replace(CODES, (d) => '•'.repeat(d.length)) : m.text,
        createdAt: m.created_at.toISOString(),
      }));
      return okPaged(
        c,
        items,
        pagination(page, total.rows[0]?.n ?? 0),
        masked ? MASKED_IN_PRODUCTION : undefined,
      );
    },
  );
  return r;
}
