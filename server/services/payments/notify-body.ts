import { badRequest } from '../errors';
import type { ForwardedMessage } from './upi-notify';

export const NOTIFY_BODY =
  'Send one message: JSON {from, text}, an sms:received webhook, or the text itself as text/plain';

/**
 * A sender as long as anything a phone shows. A message is kept whole (the route caps its bytes at
 * UPI_NOTIFY_MAX_BYTES): cut short, a refusal at its end would be lost, so the parser refuses to
 * read one longer than any SMS instead (upi-message-text.ts MAX_MESSAGE_CHARS).
 */
const MAX_SENDER = 100;

/**
 * A forwarder's timestamp: epoch milliseconds or seconds (a number or a string of digits, as "SMS
 * to URL forwarder" fills %sentStamp%), or an ISO date with its zone ("SMS Gateway for Android"'s
 * receivedAt). Null when absent or unreadable.
 * @example stampOf('1700000000000') // 2023-11-14T22:13:20.000Z
 */
export function stampOf(value: unknown): Date | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,14}$/.test(value.trim()))) {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) return null;
    const d = new Date(n >= 1e12 ? n : n * 1000);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

/** A non-empty string, trimmed, cut at `max` characters when given. */
const text = (v: unknown, max?: number): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null;

/**
 * One forwarded message from the body as received (docs/api.md "Automatic UPI deposits"):
 * - "SMS to URL forwarder" (bogkonstantin/android_income_sms_gateway_webhook):
 *   `{from, text, sentStamp?, receivedStamp?, sim?}`;
 * - "SMS Gateway for Android" (capcom6/android-sms-gateway) webhook:
 *   `{event: "sms:received", payload: {message, phoneNumber, receivedAt?, messageId?}, ...}`;
 *   its other events (sms:sent, system:ping...) are no message: 'not-a-message';
 * - anything else is the message's text (text/plain), the sender in the `from` query parameter.
 * A body that is none of these is a 400.
 */
export function readForwardedBody(
  raw: string,
  contentType: string | undefined,
  fromQuery: string | undefined,
): ForwardedMessage | 'not-a-message' {
  const json = /json/i.test(contentType ?? '') || /^\s*\{/.test(raw);
  if (!json) {
    const body = text(raw);
    if (!body) throw badRequest(NOTIFY_BODY);
    return { from: text(fromQuery, MAX_SENDER), text: body, sentAt: null, source: 'text' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(NOTIFY_BODY);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest(NOTIFY_BODY);
  const o = parsed as Record<string, unknown>;
  if (typeof o.event === 'string') {
    if (o.event !== 'sms:received') return 'not-a-message';
    const p = (typeof o.payload === 'object' && o.payload !== null ? o.payload : {}) as Record<
      string,
      unknown
    >;
    const message = text(p.message);
    if (!message) throw badRequest(NOTIFY_BODY);
    return {
      from: text(p.phoneNumber, MAX_SENDER),
      text: message,
      sentAt: stampOf(p.receivedAt),
      source: 'sms-gateway',
    };
  }
  const message = text(o.text);
  if (!message) throw badRequest(NOTIFY_BODY);
  return {
    from: text(o.from, MAX_SENDER) ?? text(fromQuery, MAX_SENDER),
    text: message,
    sentAt: stampOf(o.sentStamp) ?? stampOf(o.receivedStamp),
    source: 'sms-forwarder',
  };
}
