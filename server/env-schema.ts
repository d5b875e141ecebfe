import { z } from 'zod';
import { DEFAULT_MARKET_TZ } from '../src/domain/market-time';
import { parseCidr } from './env-address';
import { PAYMENT_GATEWAYS, type PaymentGatewayName } from './env-gateways';

/**
 * Each setting the server reads, its type, range, default and the message an operator sees when it is
 * wrong. What depends on several settings at once (production's refusals, a gateway's required
 * settings) and the derived defaults are loadEnv's, in env.ts.
 */
function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const DEV_OTP_SECRET = 'dev-only-otp-secret-change-me';

const boolFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const limit = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const GATEWAY_NAMES = Object.keys(PAYMENT_GATEWAYS) as [PaymentGatewayName, ...PaymentGatewayName[]];

export const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** PostgreSQL pool size per server process (WORKERS processes open WORKERS times this many). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  /** A statement running longer than this is cancelled by PostgreSQL (0 turns the limit off). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** A session idle inside a transaction this long is ended by PostgreSQL, releasing its locks. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Server processes on this machine (node:cluster); more than 1 needs DATABASE_URL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** On SIGTERM/SIGINT: how long in-flight requests and jobs may take before the process exits. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /**
   * On SIGTERM/SIGINT: how long the process keeps serving while /readyz answers 503, so a load
   * balancer stops sending before connections are refused (5000; 0 under NODE_ENV=test).
   */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** A client must send a request's headers within this (a new connection that sends nothing too). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** A client must send a whole request, body included, within this (a trickled body is cut off). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** An idle keep-alive connection is closed after this. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Open client connections per process; past it new ones are dropped (keep under `ulimit -n`). */
  MAX_CONNECTIONS: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
  /** Open connections per client address (IPv6: per /64); 0 = no cap (default 256, 0 behind a proxy). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Live results (GET /api/v1/events): every open stream gets a comment line this often (at most 25 s). */
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(1000).max(25_000).default(20_000),
  /**
   * Open event streams per process (default: half of MAX_CONNECTIONS, so requests keep the other
   * half); one past it is refused with 503 and the app polls. Per address: half its connection cap.
   */
  EVENTS_MAX_STREAMS: z.coerce.number().int().min(0).max(1_000_000).optional(),
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
  PAYMENT_PROVIDER: z
    .enum(GATEWAY_NAMES, {
      error: `PAYMENT_PROVIDER must be ${GATEWAY_NAMES.slice(0, -1).join(', ')} or ${GATEWAY_NAMES.at(-1)}`,
    })
    .default('sandbox'),
  /** Cashfree Payment Gateway keys (x-client-id / x-client-secret); the secret also signs its webhooks. */
  CASHFREE_APP_ID: z.string().min(1).max(200).optional(),
  CASHFREE_SECRET_KEY: z.string().min(1).max(500).optional(),
  CASHFREE_BASE_URL: z.string().url().default('https://api.cashfree.com/pg'),
  /** How long a Cashfree order stays payable (its order_expiry_time). */
  CASHFREE_ORDER_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(16)
    .max(60 * 24 * 30)
    .default(60),
  /** Direct UPI: the payee address (VPA) and name every upi://pay intent carries. */
  UPI_VPA: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/,
      'UPI_VPA must be a UPI address such as shop@okaxis',
    )
    .optional(),
  UPI_PAYEE_NAME: z.string().min(1).max(100).optional(),
  /** A sandbox or UPI order with no payment (UPI: no UTR) after this many hours is failed. */
  UPI_ORDER_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** Each call to the payment gateway is abandoned after this long. */
  PAYMENT_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** A gateway order still pending this long after creation is asked about by the reconciliation job. */
  PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(10).max(86_400).default(180),
  /** How often each server process runs the reconciliation job. */
  PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /**
   * HMAC key of the sandbox provider's generic signed webhook (x-signature). Unset, that webhook
   * answers 503 "Webhook is not configured". Cashfree webhooks are verified with CASHFREE_SECRET_KEY.
   */
  PAYMENT_WEBHOOK_SECRET: z
    .string()
    .min(16, 'PAYMENT_WEBHOOK_SECRET must be at least 16 characters')
    .max(500)
    .optional(),
  /**
   * Direct UPI deposits matched from the payee's bank messages (docs/upi-auto-match.md): each order
   * gets an exact amount to pay (its amount plus 1-99 paise) held for UPI_MATCH_MINUTES, and the
   * payee's phone forwards its credit messages to POST /api/payment/notify/<PAYMENT_NOTIFY_SECRET>.
   */
  UPI_AUTO_MATCH: boolFlag.default(false),
  PAYMENT_NOTIFY_SECRET: z
    .string()
    .regex(
      /^[A-Za-z0-9._~-]{16,200}$/,
      'PAYMENT_NOTIFY_SECRET must be 16 to 200 letters, digits or . _ ~ - (it is part of a URL)',
    )
    .optional(),
  /** Comma-separated sender ids (HDFCBK,SBIUPI); a message whose sender contains none is ignored. */
  UPI_NOTIFY_SENDERS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean),
    ),
  UPI_MATCH_MINUTES: z.coerce.number().int().min(2).max(1440).default(15),
  /** The console warns when orders are open and no message came for this long. */
  UPI_NOTIFY_QUIET_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Forwarded messages one address may post per minute (counted by each server process). */
  LIMIT_PAYMENT_NOTIFY_PER_ADDRESS_MINUTE: limit(120),
  /** A forwarded message's body is refused above this many bytes. */
  UPI_NOTIFY_MAX_BYTES: z.coerce.number().int().min(512).max(65_536).default(8192),
  /** Rupees: a message of more that would credit an order waits for an operator (above-auto-limit). */
  UPI_AUTO_MATCH_MAX: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
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
  /** Per-client-address limits (database-backed, shared by every process); see docs/security.md. */
  LIMIT_OTP_SENDS_PER_ADDRESS_HOUR: limit(20),
  LIMIT_REGISTRATIONS_PER_ADDRESS_HOUR: limit(10),
  LIMIT_LOGINS_PER_ADDRESS_15MIN: limit(30),
  LIMIT_FUND_ORDERS_PER_ADDRESS_HOUR: limit(30),
  /** Fund orders one player may have pending (created in the last 24 h) at once. */
  LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: limit(5),
  /**
   * Operators must sign in with a second factor (TOTP): until they set it up, their token reaches
   * only /admin/me and /admin/2fa/*. Default: on in production, off elsewhere.
   */
  ADMIN_REQUIRE_2FA: boolFlag.optional(),
  /**
   * Comma-separated IPv4/IPv6 CIDRs (or addresses) the operator console and API answer; empty: any.
   */
  ADMIN_ALLOWED_CIDRS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((x) => parseCidr(x) !== null), {
      message: 'ADMIN_ALLOWED_CIDRS must be comma-separated CIDRs like 10.0.0.0/8, 2001:db8::/32',
    }),
  /** Withdrawals above this many points need a second operator's approval (four eyes). */
  FOUR_EYES_ABOVE: z.coerce.number().min(0).max(100_000_000).default(10_000),
  /**
   * real: deposits and withdrawals in rupees; points: free to play, points of no cash value (no
   * deposits or withdrawals, a daily grant). Production refuses to start until it is chosen.
   */
  MONEY_MODE: z.enum(['real', 'points'], { error: 'MONEY_MODE must be real or points' }).optional(),
  /** Points a player receives on their first login of each market day in points mode. */
  POINTS_DAILY_GRANT: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Backups (docs/backups-and-upgrades.md): where files go, how often one process writes one, how many stay. */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0.25, 'BACKUP_EVERY_HOURS must be at least 0.25')
    .max(720)
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** The key backups are sealed with (issue 45; unset: one derived from OTP_SECRET). */
  BACKUP_KEY: z.string().min(32, 'BACKUP_KEY must be at least 32 characters').optional(),
  /**
   * Reports, metrics and the watchdog (issue 36; docs/reports-and-monitoring.md). METRICS_TOKEN:
   * the bearer token GET /metrics asks for (unset: /metrics answers 404). WATCHDOG_INTERVAL_MS: how
   * often a watchdog pass runs (one process at a time). WATCHDOG_PENDING_MINUTES: a money request
   * waiting longer is a finding. ALERT_WEBHOOK_URL: each new finding is POSTed there once.
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{16,200}$/, 'METRICS_TOKEN must be 16-200 letters, digits or ._~+/=-')
    .optional(),
  WATCHDOG_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  WATCHDOG_PENDING_MINUTES: z.coerce.number().int().min(1).max(10_080).default(120),
  ALERT_WEBHOOK_URL: z
    .string()
    .url('ALERT_WEBHOOK_URL must be an http(s) URL')
    .regex(/^https?:\/\//i, 'ALERT_WEBHOOK_URL must be an http(s) URL')
    .optional(),
  /**
   * Result feeds (issue 46; docs/result-feeds.md). RESULT_FEED_SECRET: the path secret of
   * POST /api/results/feed/{secret}/{name} (unset: every push answers 404). A json-url source is
   * polled every RESULT_FEED_POLL_SECONDS; RESULT_QUORUM agreeing sources declare a result; a
   * session of a fed market still without a result RESULT_FEED_LATE_MINUTES after its time is a
   * missed draw.
   */
  RESULT_FEED_SECRET: z
    .string()
    .regex(
      /^[A-Za-z0-9._~-]{16,200}$/,
      'RESULT_FEED_SECRET must be 16 to 200 letters, digits or . _ ~ - (it is part of a URL)',
    )
    .optional(),
  RESULT_FEED_POLL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  RESULT_QUORUM: z.coerce.number().int().min(1).max(10).default(2),
  RESULT_FEED_LATE_MINUTES: z.coerce.number().int().min(1).max(1440).default(20),
});
