import { randomUUID } from 'node:crypto';
import { claimDueSms, markSmsSent, recordSmsFailure } from '../../db/repositories/sms';
import type { Db } from '../../db/types';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { deliverSms } from './gateway';
import { unseal } from './seal';

/** A claim older than this belongs to a process that died mid-send: another worker takes it over. */
export const SMS_LEASE_SECONDS = 30;
export const SMS_MAX_ATTEMPTS = 5;

export interface SmsWorkerDeps {
  db: Db;
  env: Pick<Env, 'OTP_SECRET' | 'SMS_HTTP_URL' | 'SMS_HTTP_METHOD' | 'SMS_HTTP_TIMEOUT_MS'>;
  logger: Logger;
  fetch?: typeof fetch;
}

/** Seconds before retry n (1-based): 2, 4, 8, 16... */
const backoff = (attempt: number) => 2 ** attempt;

/**
 * One pass of the SMS worker: claims up to `batch` due messages in one autocommit statement
 * (FOR UPDATE SKIP LOCKED, so processes never share a message; a lease so a dead process's claim
 * expires), then sends them in parallel OUTSIDE any transaction, each bounded by the gateway
 * timeout, and records the outcome only if the claim is still ours. A failure is retried with
 * back-off until give_up_at or SMS_MAX_ATTEMPTS; the sealed text is dropped once sent or given up.
 * Answers how many messages it handled.
 */
export async function sendDueSms(
  deps: SmsWorkerDeps,
  workerId: string = randomUUID(),
  batch = 10,
): Promise<number> {
  const { db, env, logger } = deps;
  const claimed = await claimDueSms(db, workerId, batch, SMS_LEASE_SECONDS);
  await Promise.all(
    claimed.map(async (row) => {
      let error: string | null = null;
      try {
        await deliverSms(
          env,
          { phone: row.phone, text: unseal(row.sealed_text, env.OTP_SECRET) },
          deps.fetch,
        );
      } catch (e) {
        error = (e as Error).message.slice(0, 200);
      }
      if (error === null) {
        await markSmsSent(db, row.id, workerId);
        return;
      }
      const status = await recordSmsFailure(db, {
        id: row.id,
        workerId,
        error,
        maxAttempts: SMS_MAX_ATTEMPTS,
        retryInSeconds: backoff(row.attempts),
      });
      logger.warn('sms gateway failed', {
        to: row.phone,
        attempt: row.attempts,
        error,
        gaveUp: status === 'failed',
      });
    }),
  );
  return claimed.length;
}

/**
 * The SMS worker loop for server/main.ts (http provider only): a pass every `intervalMs`, and
 * passes back to back while messages keep coming. stop() ends the loop and waits for the pass in
 * flight, so no claimed message is abandoned by a clean shutdown.
 */
export function startSmsWorker(deps: SmsWorkerDeps, intervalMs = 1000): () => Promise<void> {
  const workerId = `sms-${process.pid}-${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const pass = async () => {
    try {
      while (!stopped && (await sendDueSms(deps, workerId)) > 0) {
        // more may be due: go again at once
      }
    } catch (error) {
      deps.logger.error('sms worker pass failed', { error: (error as Error).message });
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = pass().then(schedule);
    }, intervalMs);
  };
  current = pass().then(schedule);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
