import type { OtpPurpose } from '../../../src/contracts/auth';
import { insertPendingSms, insertStoredSms } from '../../db/repositories/sms';
import type { Queryable } from '../../db/types';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { seal } from './seal';

export interface SmsMessage {
  phone: string;
  purpose: OtpPurpose | null;
  text: string;
  /** A one-time code inside text: masked in the copy an http provider's outbox row keeps. */
  secret?: string;
  /** Not worth sending after this many seconds (an OTP after it expired); default 10 minutes. */
  ttlSeconds?: number;
}

/**
 * Queues one SMS in the caller's transaction; nothing here waits on a gateway (STYLE.md habit 10).
 * - outbox provider (default outside production): the row plus a log line IS the delivery, so a
 *   developer or a test reads the code there.
 * - http provider: the row is 'pending' with the code masked in `text` and the real text sealed;
 *   the SMS worker (sms/worker.ts) sends it after the transaction commits, with retries.
 */
export async function queueSms(
  q: Queryable,
  deps: { env: Env; logger: Logger },
  m: SmsMessage,
): Promise<void> {
  const { env, logger } = deps;
  if (env.SMS_PROVIDER === 'outbox') {
    await insertStoredSms(q, { phone: m.phone, purpose: m.purpose, text: m.text });
    // The outbox provider exists so a developer can read the code: the log line says so on purpose.
    logger.info('sms outbox', { to: m.phone, purpose: m.purpose, text: m.text });
    return;
  }
  const masked = m.secret ? m.text.replaceAll(m.secret, '*'.repeat(m.secret.length)) : m.text;
  await insertPendingSms(q, {
    phone: m.phone,
    purpose: m.purpose,
    text: masked,
    sealedText: seal(m.text, env.OTP_SECRET),
    ttlSeconds: m.ttlSeconds ?? 600,
  });
}
