import type { OtpPurpose } from '../../src/contracts/auth';
import type { Queryable } from '../db/types';
import type { Env } from '../env';
import type { Logger } from '../logger';

export interface SmsMessage {
  phone: string;
  purpose: OtpPurpose | null;
  text: string;
  /** A one-time code inside text: masked in the copy a real gateway's outbox row keeps. */
  secret?: string;
}

/** Builds the gateway URL: {phone} and {text} are replaced by their URL-encoded values. */
export function smsUrl(template: string, m: SmsMessage): string {
  return template
    .replaceAll('{phone}', encodeURIComponent(m.phone))
    .replaceAll('{text}', encodeURIComponent(m.text));
}

/**
 * Sends one SMS. Every message is kept in sms_outbox. With the outbox provider (default outside
 * production) that row plus a log line is the delivery: developers and tests read codes there.
 */
export async function sendSms(
  q: Queryable,
  deps: { env: Env; logger: Logger; fetch?: typeof fetch },
  m: SmsMessage,
): Promise<void> {
  const { env, logger } = deps;
  if (env.SMS_PROVIDER === 'outbox') {
    await q.query(
      'INSERT INTO sms_outbox (phone, purpose, text, provider, status) VALUES ($1, $2, $3, $4, $5)',
      [m.phone, m.purpose, m.text, 'outbox', 'stored'],
    );
    // The outbox provider exists so a developer can read the code: the log line says so on purpose.
    logger.info('sms outbox', { to: m.phone, purpose: m.purpose, text: m.text });
    return;
  }
  const url = smsUrl(env.SMS_HTTP_URL as string, m);
  let status: 'sent' | 'failed' = 'sent';
  let error: string | null = null;
  try {
    const init: RequestInit =
      env.SMS_HTTP_METHOD === 'POST'
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ phone: m.phone, text: m.text }),
          }
        : { method: 'GET' };
    const res = await (deps.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) {
      status = 'failed';
      error = `HTTP ${res.status}`;
    }
  } catch (e) {
    status = 'failed';
    error = (e as Error).message.slice(0, 200);
  }
  // The gateway delivered the code; our copy masks it, so codes live only as HMACs on our side.
  const kept = m.secret ? m.text.replaceAll(m.secret, '*'.repeat(m.secret.length)) : m.text;
  await q.query(
    'INSERT INTO sms_outbox (phone, purpose, text, provider, status, error) VALUES ($1, $2, $3, $4, $5, $6)',
    [m.phone, m.purpose, kept, 'http', status, error],
  );
  if (status === 'failed') logger.warn('sms gateway failed', { to: m.phone, purpose: m.purpose, error });
}
