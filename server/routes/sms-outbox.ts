import { z } from 'zod';
import { SmsOutboxItemSchema } from '../../src/contracts/auth';
import { PhoneSchema } from '../../src/contracts/phone';
import { okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { latestMessages } from '../services/sms/outbox';

const QuerySchema = z.object({ phone: PhoneSchema.optional() });

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
      const { rows, total } = await latestMessages(db, query.phone, page, masked);
      return okPaged(c, rows, pagination(page, total), masked ? MASKED_IN_PRODUCTION : undefined);
    },
  );
  return r;
}
