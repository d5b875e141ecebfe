import type { z } from 'zod';
import { type GatewaySettings, PAYMENT_GATEWAYS } from './env-gateways';
import { DEV_OTP_SECRET, schema } from './env-schema';

export type Env = Omit<
  z.infer<typeof schema>,
  'SHUTDOWN_DRAIN_DELAY_MS' | 'MAX_CONNECTIONS_PER_ADDRESS' | 'MONEY_MODE'
> & {
  MONEY_MODE: 'real' | 'points';
  SHUTDOWN_DRAIN_DELAY_MS: number;
  MAX_CONNECTIONS_PER_ADDRESS: number;
  SMS_PROVIDER: 'outbox' | 'http';
  ADMIN_REQUIRE_2FA: boolean;
  DEMO_SEED: boolean;
  corsOrigins: string[];
};

/** Thrown with every problem at once, so an operator fixes the environment in one go. */
export class EnvError extends Error {}

/**
 * Reads and checks the environment. Production refuses the defaults that are only safe on a
 * developer's machine (a known OTP secret, SMS codes written to the log without being asked for).
 * Example: loadEnv({PORT: '9000'}).PORT === 9000
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && env.OTP_SECRET === DEV_OTP_SECRET) {
    problems.push('  OTP_SECRET: set a secret of at least 16 characters in production');
  }
  if (production && env.SMS_PROVIDER === undefined) {
    problems.push('  SMS_PROVIDER: production needs SMS_PROVIDER=http (or SMS_PROVIDER=outbox explicitly)');
  }
  // Whether the product takes money is the operator's decision (and their law's), never a default.
  if (production && env.MONEY_MODE === undefined) {
    problems.push(
      '  MONEY_MODE: production needs MONEY_MODE=real (rupees) or MONEY_MODE=points (free to play, no cash value); see docs/money.md',
    );
  }
  const gateway: GatewaySettings = PAYMENT_GATEWAYS[env.PAYMENT_PROVIDER];
  // In points mode no order is ever opened, so no provider is needed.
  if (production && gateway.refusedInProduction && env.MONEY_MODE !== 'points') {
    problems.push(`  PAYMENT_PROVIDER: ${gateway.refusedInProduction}`);
  }
  for (const name of gateway.requires) {
    if (env[name] === undefined)
      problems.push(`  ${name}: required with PAYMENT_PROVIDER=${env.PAYMENT_PROVIDER}`);
  }
  if (env.UPI_AUTO_MATCH && env.PAYMENT_PROVIDER !== 'upi') {
    problems.push('  UPI_AUTO_MATCH: needs PAYMENT_PROVIDER=upi');
  }
  if (env.UPI_AUTO_MATCH && !env.PAYMENT_NOTIFY_SECRET) {
    problems.push('  PAYMENT_NOTIFY_SECRET: required with UPI_AUTO_MATCH (16+ characters)');
  }
  const smsProvider = env.SMS_PROVIDER ?? 'outbox';
  if (smsProvider === 'http' && !env.SMS_HTTP_URL) {
    problems.push('  SMS_HTTP_URL: required when SMS_PROVIDER=http');
  }
  if ((env.ADMIN_USERNAME === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    problems.push('  ADMIN_USERNAME/ADMIN_PASSWORD: set both or neither');
  }
  if (problems.length > 0) throw new EnvError(`Invalid environment:\n${problems.join('\n')}`);
  // Outside production the vite dev and preview servers may call the API directly.
  const corsOrigins =
    env.CORS_ORIGINS !== undefined
      ? env.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : production
        ? []
        : [
            'http://localhost:5173',
            'http://127.0.0.1:5173',
            'http://localhost:4173',
            'http://127.0.0.1:4173',
          ];
  return {
    ...env,
    SMS_PROVIDER: smsProvider,
    MONEY_MODE: env.MONEY_MODE ?? 'real',
    DEMO_SEED: env.DEMO_SEED ?? !production,
    ADMIN_REQUIRE_2FA: env.ADMIN_REQUIRE_2FA ?? production,
    corsOrigins,
    SHUTDOWN_DRAIN_DELAY_MS: env.SHUTDOWN_DRAIN_DELAY_MS ?? (env.NODE_ENV === 'test' ? 0 : 5000),
    // Behind a proxy every connection comes from the proxy: the cap per address is the proxy's job.
    MAX_CONNECTIONS_PER_ADDRESS: env.MAX_CONNECTIONS_PER_ADDRESS ?? (env.TRUST_PROXY > 0 ? 0 : 256),
  };
}
