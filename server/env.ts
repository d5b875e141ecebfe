import { z } from 'zod';
import { DEFAULT_MARKET_TZ } from '../src/domain/market-time';

const DEV_OTP_SECRET = 'dev-only-otp-secret-change-me';

const boolFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const limit = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  MARKET_TZ: z
    .string()
    .default(DEFAULT_MARKET_TZ)
    .refine(isTimeZone, 'MARKET_TZ must be an IANA time zone such as Asia/Kolkata'),
  ADMIN_USERNAME: z.string().min(3).max(64).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').max(200).optional(),
  SMS_PROVIDER: z.enum(['outbox', 'http']).optional(),
  SMS_HTTP_URL: z.string().url('SMS_HTTP_URL must be a URL template with {phone} and {text}').optional(),
  SMS_HTTP_METHOD: z.enum(['GET', 'POST']).default('GET'),
  /** Each gateway call is abandoned after this long (the worker retries it with back-off). */
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  PAYMENT_PROVIDER: z.string().min(1).default('sandbox'),
  /**
   * HMAC key of the gateway's signed webhook. Unset, POST /api/payment/webhook answers 503
   * "Webhook is not configured" and only the sandbox buttons settle orders.
   */
  PAYMENT_WEBHOOK_SECRET: z
    .string()
    .min(16, 'PAYMENT_WEBHOOK_SECRET must be at least 16 characters')
    .max(500)
    .optional(),
  FIREBASE_SERVICE_ACCOUNT: z.string().min(1).optional(),
  DEMO_SEED: boolFlag.optional(),
  OTP_SECRET: z.string().min(16, 'OTP_SECRET must be at least 16 characters').default(DEV_OTP_SECRET),
  PUBLIC_URL: z.string().url().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  DIST_DIR: z.string().min(1).default('./dist'),
  /** Comma-separated origins allowed to call the API from another origin (vite dev server). */
  CORS_ORIGINS: z.string().optional(),
  /**
   * How many reverse proxies stand in front of the server: 0 (default) takes the client address
   * from the socket and ignores X-Forwarded-For; N takes the address the N-th proxy saw.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Per-client-address limits (database-backed, shared by every process); see README "Security". */
  LIMIT_OTP_SENDS_PER_ADDRESS_HOUR: limit(20),
  LIMIT_REGISTRATIONS_PER_ADDRESS_HOUR: limit(10),
  LIMIT_LOGINS_PER_ADDRESS_15MIN: limit(30),
  LIMIT_FUND_ORDERS_PER_ADDRESS_HOUR: limit(30),
  /** Fund orders one player may have pending (created in the last 24 h) at once. */
  LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: limit(5),
});

export type Env = z.infer<typeof schema> & {
  SMS_PROVIDER: 'outbox' | 'http';
  DEMO_SEED: boolean;
  corsOrigins: string[];
};

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

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
  // The sandbox's Pay button credits any order: a production deployment must never carry it.
  if (production && env.PAYMENT_PROVIDER === 'sandbox') {
    problems.push(
      '  PAYMENT_PROVIDER: the sandbox gateway (the default) is refused in production; set a real provider',
    );
  }
  // A real gateway credits wallets only through its signed webhook, so it cannot run without the key.
  if (production && env.PAYMENT_PROVIDER !== 'sandbox' && env.PAYMENT_WEBHOOK_SECRET === undefined) {
    problems.push(
      `  PAYMENT_WEBHOOK_SECRET: required in production with PAYMENT_PROVIDER=${env.PAYMENT_PROVIDER}`,
    );
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
  return { ...env, SMS_PROVIDER: smsProvider, DEMO_SEED: env.DEMO_SEED ?? !production, corsOrigins };
}
