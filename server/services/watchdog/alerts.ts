import { type AlertRow, alertFailed, alertSent, claimAlerts } from '../../db/repositories/watchdog';
import type { Deps } from '../../deps';

// Each new finding is POSTed once to ALERT_WEBHOOK_URL, after the pass's transaction committed
// (never inside one): the finding's row is the outbox. A POST that fails is tried twice more at
// once, then again on later passes with growing pauses, and given up after MAX_ATTEMPTS.

/** One POST is abandoned after this long. */
export const ALERT_TIMEOUT_MS = 5000;
/** Tries of one alert in all before it is given up ('failed', logged as an error). */
export const MAX_ATTEMPTS = 9;
/** Tries within one delivery, and the pauses between them. */
const QUICK_PAUSES_MS = [500, 2000];
/** One pass sends alerts for at most this long; the rest wait for the next pass. */
const DELIVERY_BUDGET_MS = 20_000;
/** A claimed alert is someone else's to send again after this (its sender died). */
const CLAIM_SECONDS = 120;

/**
 * The JSON a webhook receives: `text` for Slack and Telegram (`chat_id` in the URL), the same
 * under `content` for Discord, and `kind` and `severity` for anything that routes on them.
 */
export function alertPayload(f: Pick<AlertRow, 'kind' | 'severity' | 'detail'>, publicUrl?: string) {
  const console = publicUrl ? ` (${publicUrl.replace(/\/+$/, '')}/admin)` : '';
  const text = `Matka watchdog [${f.severity}] ${f.kind}: ${f.detail}${console}`;
  return { kind: f.kind, severity: f.severity, text, content: text };
}

type PostOutcome = { ok: true } | { ok: false; error: string; permanent: boolean; retryAfterS?: number };

async function postOnce(url: string, body: string): Promise<PostOutcome> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(ALERT_TIMEOUT_MS),
      redirect: 'follow',
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.ok) return { ok: true };
    const retryAfter = Number(res.headers.get('retry-after'));
    return {
      ok: false,
      error: `HTTP ${res.status}`,
      // A refusal that no retry mends (a bad URL, a revoked hook); 408 and 429 are worth another try.
      permanent: res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429,
      retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 3600) : undefined,
    };
  } catch (error) {
    const e = error as Error;
    return { ok: false, error: e.name === 'TimeoutError' ? 'timed out' : e.message, permanent: false };
  }
}

/** Pause before the next pass tries again: 1, 2, 4 ... minutes, at most 30. */
const backoffSeconds = (attempts: number) => Math.min(1800, 60 * 2 ** Math.max(0, attempts - 3));

/**
 * Sends the alerts that are due, one claimed at a time (so two processes never send the same one).
 * Answers how many the webhook took. `sleep` is replaceable for tests.
 */
export async function deliverAlerts(
  deps: Pick<Deps, 'db' | 'env' | 'logger'>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<number> {
  const { db, env, logger } = deps;
  const url = env.ALERT_WEBHOOK_URL;
  if (!url) return 0;
  // The URL carries the hook's secret (a Slack or Discord path, a Telegram bot token): only its host is logged.
  const host = new URL(url).host;
  const started = Date.now();
  let sent = 0;
  while (Date.now() - started < DELIVERY_BUDGET_MS) {
    const [alert] = await claimAlerts(db, 1, CLAIM_SECONDS);
    if (!alert) break;
    const body = JSON.stringify(alertPayload(alert, env.PUBLIC_URL));
    let tries = 0;
    let outcome: PostOutcome = { ok: false, error: 'not sent', permanent: false };
    for (;;) {
      tries += 1;
      outcome = await postOnce(url, body);
      if (outcome.ok || outcome.permanent || tries > QUICK_PAUSES_MS.length) break;
      if (alert.alert_attempts + tries >= MAX_ATTEMPTS) break;
      await sleep(QUICK_PAUSES_MS[tries - 1] as number);
    }
    if (outcome.ok) {
      await alertSent(db, alert.id, tries);
      sent += 1;
      continue;
    }
    const attempts = alert.alert_attempts + tries;
    const giveUp = outcome.permanent || attempts >= MAX_ATTEMPTS;
    await alertFailed(
      db,
      alert.id,
      tries,
      outcome.error,
      giveUp ? null : Math.max(outcome.retryAfterS ?? 0, backoffSeconds(attempts)),
    );
    logger[giveUp ? 'error' : 'warn'](giveUp ? 'watchdog alert given up' : 'watchdog alert not delivered', {
      host,
      kind: alert.kind,
      findingId: alert.id,
      attempts,
      error: outcome.error,
    });
    // The hook is down or refusing: the others wait for the next pass rather than pile on.
    break;
  }
  return sent;
}
