import { z } from 'zod';
import { DateSchema, UUID_RE } from '../../src/contracts/common';
import {
  ForwarderHealthSchema,
  MatchNotificationSchema,
  NotificationsQuerySchema,
  PaymentNotificationSchema,
} from '../../src/contracts/payment-notifications';
import { admin } from '../http/auth';
import { ok, okPaged } from '../http/envelope';
import { pagination } from '../http/paging';
import { createRouter } from '../http/router';
import { notFound } from '../services/errors';
import {
  approveMatch,
  matchNotification,
  paymentNotification,
  paymentNotifications,
} from '../services/payments/inbox-admin';
import { reconciliationReport } from '../services/payments/report';
import { forwarderHealth } from '../services/payments/upi-notify';

const ReconciliationQuery = z.object({ date: DateSchema.optional() });
const MATCH_WAITS = 'Waiting for another owner to approve this match';

/**
 * GET /admin/payments/reconciliation?date=: the day's orders (market time zone) by provider and
 * state, what was credited beside what the gateway reports, and every order where they disagree.
 */
export function paymentsAdminRoutes() {
  const r = createRouter('/api/v1', 'Funds');
  r.get(
    '/admin/payments/reconciliation',
    {
      summary: "Payment reconciliation: a day's orders by provider and state, credits vs gateway",
      auth: 'admin',
      query: ReconciliationQuery,
    },
    async (c, { query }) => ok(c, await reconciliationReport(c.get('deps'), query.date)),
  );

  // The Payments inbox: messages forwarded from the payee's phone (automatic UPI deposits).
  r.get(
    '/admin/payment-notifications',
    {
      summary: "Payment messages from the payee's phone, newest first, with their outcome",
      auth: 'admin',
      paged: true,
      query: NotificationsQuerySchema,
      response: PaymentNotificationSchema,
    },
    async (c, { page, query }) => {
      const { rows, total } = await paymentNotifications(
        c.get('deps').db,
        query.outcome,
        page.limit,
        page.offset,
      );
      return okPaged(c, rows, pagination(page, total));
    },
  );
  r.get(
    '/admin/payment-notifications/health',
    {
      summary: 'Whether the forwarder is quiet while orders wait for a payment message',
      auth: 'admin',
      response: ForwarderHealthSchema,
    },
    async (c) => {
      const { db, env, clock } = c.get('deps');
      return ok(c, await forwarderHealth(db, env, await clock.now()));
    },
  );
  r.get(
    '/admin/payment-notifications/:id',
    { summary: 'One payment message', auth: 'admin', response: PaymentNotificationSchema },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Payment message');
      return ok(c, await paymentNotification(c.get('deps').db, params.id as string));
    },
  );
  r.post(
    '/admin/payment-notifications/:id/match',
    {
      summary:
        "Credit a fund request with an unmatched message's amount, once (audited): at once by an owner for the order's exact pay amount, else 202 waiting for another owner",
      auth: 'admin',
      body: MatchNotificationSchema,
      response: PaymentNotificationSchema,
    },
    async (c, { params, body }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Payment message');
      const { db, clock } = c.get('deps');
      const out = await matchNotification(db, params.id as string, body.fundId, admin(c), await clock.now());
      if (out.waiting) return ok(c, out.notification, MATCH_WAITS, 202);
      return ok(c, out.notification, 'Payment matched and credited');
    },
  );
  r.post(
    '/admin/payment-notifications/:id/approve',
    {
      summary:
        'Approve a match that waits, as an owner other than the one who asked: credits it once (audited)',
      auth: 'owner',
      response: PaymentNotificationSchema,
    },
    async (c, { params }) => {
      if (!UUID_RE.test(params.id ?? '')) throw notFound('Payment message');
      const { db, clock } = c.get('deps');
      const matched = await approveMatch(db, params.id as string, admin(c), await clock.now());
      return ok(c, matched, 'Payment matched and credited');
    },
  );
  return r;
}
