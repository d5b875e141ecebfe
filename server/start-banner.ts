import type { Env } from './env';
import { addressAllowed } from './http/address-allow';
import { DEMO_PLAYER } from './seed/demo-data';

// What the server tells the person who starts it: the start-up banner and the warning about a
// forwarded-address setting any client could use (server/main.ts prints both).

/** Addresses only this machine or a private network reach (RFC 1918, RFC 4193, loopback). */
const PRIVATE = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '::1/128', 'fc00::/7'];

/**
 * TRUST_PROXY believes X-Forwarded-For, which only the proxy in front should be able to send: a
 * server that also listens on a public address (0.0.0.0 and :: are every address) lets any client
 * that reaches the port directly choose its address (rate limits, ADMIN_ALLOWED_CIDRS).
 */
export function proxyWarning(env: Env): string | null {
  if (env.TRUST_PROXY === 0) return null;
  if (env.HOST !== 'localhost' && !addressAllowed(PRIVATE, env.HOST)) {
    return `TRUST_PROXY=${env.TRUST_PROXY} and the server listens on ${env.HOST}: a client that reaches port ${env.PORT} directly chooses its own address with X-Forwarded-For. Bind HOST to the address only the proxy reaches (e.g. 127.0.0.1) or firewall the port.`;
  }
  return null;
}

/** What a person starting the server needs to know, as plain lines (not JSON). */
export function printBanner(env: Env, port: number, readyMs: number, demoOperator: DemoOperator) {
  const lines = [
    '',
    `  App and API:  http://localhost:${port}`,
    `  OpenAPI:      http://localhost:${port}/api/docs/openapi.json`,
    `  Database:     ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`}`,
    `  Processes:    ${env.WORKERS} (ready in ${readyMs} ms; health at /healthz and /readyz)`,
  ];
  if (env.DEMO_SEED)
    lines.push(`  Demo player:  phone ${DEMO_PLAYER.phone}, password ${DEMO_PLAYER.password}`);
  if (env.SMS_PROVIDER === 'outbox' && env.NODE_ENV === 'production') {
    lines.push(
      '  OTP codes:    SMS_PROVIDER=outbox IN PRODUCTION: no SMS is sent. Every login code is printed in',
    );
    lines.push(
      '                this log and kept in the sms_outbox table, so operators who read the log or the',
    );
    lines.push("                database see players' codes and can sign in as them. Set SMS_PROVIDER=http.");
    lines.push('                (GET /api/v1/admin/sms-outbox: owners only, audited, codes masked.)');
  } else if (env.SMS_PROVIDER === 'outbox') {
    lines.push('  OTP codes:    printed in this log ("sms outbox" lines) and kept in the sms_outbox table;');
    lines.push('                owners read them at GET /api/v1/admin/sms-outbox?phone=... (audited)');
  }
  const proxy = proxyWarning(env);
  if (proxy) lines.push(`  WARNING:      ${proxy}`);
  if (env.ADMIN_USERNAME) lines.push(`  Operator:     ${env.ADMIN_USERNAME} (POST /api/v1/admin/login)`);
  else if (demoOperator)
    lines.push(
      `  Demo operator: ${demoOperator.username}, password ${demoOperator.password} (console at /admin;`,
      '                 shown only now: reset it with npm run admin -- create-admin demo-operator)',
    );
  else
    lines.push(
      '  Operator:     set ADMIN_USERNAME and ADMIN_PASSWORD, or run: npm run admin -- create-admin <name>',
    );
  process.stderr.write(`${lines.join('\n')}\n\n`);
}

export type DemoOperator = { username: string; password: string } | null;
