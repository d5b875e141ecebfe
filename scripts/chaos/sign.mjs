// The sandbox gateway's generic webhook signature (server/services/payments/signature.ts):
// HMAC-SHA256 of the raw body, hex.
import { createHmac } from 'node:crypto';

export function signWebhookBodyHex(raw, secret) {
  return createHmac('sha256', secret).update(raw, 'utf8').digest('hex');
}
