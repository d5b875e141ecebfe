import { z } from 'zod';
import { SmsOutboxItemSchema } from '../../src/contracts/auth';
import { PhoneSchema } from '../../src/contracts/phone';
import { okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';

const QuerySchema = z.object({ phone: PhoneSchema.optional() });

/** GET /admin/sms-outbox?phone=: the latest messages, newest first (operators, tests, demos). */
export function smsOutboxRoutes() {
  const r = createRouter('/api/v1/admin', 'SMS');
  r.get(
    '/sms-outbox',
    {
      summary: 'Latest SMS messages (operators)',
      auth: 'admin',
      query: QuerySchema,
      paged: true,
      response: SmsOutboxItemSchema,
    },
    async (c, { query, page }) => {
      const { db } = c.get('deps');
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
        text: m.text,
        createdAt: m.created_at.toISOString(),
      }));
      return okPaged(c, items, pagination(page, total.rows[0]?.n ?? 0));
    },
  );
  return r;
}
