import type { Env } from '../../env';

/** Builds the gateway URL: {phone} and {text} are replaced by their URL-encoded values. */
export function smsUrl(template: string, m: { phone: string; text: string }): string {
  return template
    .replaceAll('{phone}', encodeURIComponent(m.phone))
    .replaceAll('{text}', encodeURIComponent(m.text));
}

/**
 * One call to the configured HTTP gateway, bounded by SMS_HTTP_TIMEOUT_MS. Resolves when the
 * gateway accepted the message; rejects with a short reason (never the text) otherwise.
 */
export async function deliverSms(
  env: Pick<Env, 'SMS_HTTP_URL' | 'SMS_HTTP_METHOD' | 'SMS_HTTP_TIMEOUT_MS'>,
  m: { phone: string; text: string },
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const url = smsUrl(env.SMS_HTTP_URL as string, m);
  const init: RequestInit =
    env.SMS_HTTP_METHOD === 'POST'
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: m.phone, text: m.text }),
        }
      : { method: 'GET' };
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(env.SMS_HTTP_TIMEOUT_MS) });
  } catch (error) {
    const e = error as Error;
    if (e.name === 'TimeoutError') throw new Error(`timeout after ${env.SMS_HTTP_TIMEOUT_MS} ms`);
    // The URL carries the text (and so the code): never let it reach a log or the outbox row.
    throw new Error(e.message.replaceAll(url, '<gateway url>').slice(0, 200));
  }
  await res.body?.cancel().catch(() => {});
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}
