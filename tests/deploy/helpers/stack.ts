/**
 * A production install in miniature: the compiled server as the unit runs it (NODE_ENV=production,
 * TRUST_PROXY=1, HOST=127.0.0.1, an SMS gateway, scheduled backups, operators with two-factor
 * sign-in) on a fresh PGlite database, behind Caddy and nginx over HTTPS. Setup calls go to the
 * server directly; what the tests check goes through a proxy.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, freePort, LIFTED_LIMITS, setMainRates } from '../../../scripts/bench/helpers.mjs';
import { base32Decode, totp } from '../../../server/services/operators/totp';
import { middayZone } from '../../e2e/market-zone';
import { type ServerProcess, startCompiledServer } from '../../ops/helpers/server-process';
import { startSmsGateway } from '../../security/helpers/sms-gateway';
import { type RunningProxy, startCaddy, startNginx } from './proxies';

export const LOGIN_LIMIT = 4;

export interface Stack {
  server: ServerProcess;
  caddy: RunningProxy;
  nginx: RunningProxy;
  /** The server's environment (what the unit's environment file would hold, and more). */
  env: Record<string, string>;
  sms: Awaited<ReturnType<typeof startSmsGateway>>;
  marketTz: string;
  call: ReturnType<typeof client>;
  stop: () => Promise<void>;
}

const secret = () => randomBytes(32).toString('hex');

/** The production settings of the stack's server (before the folders and ports are known). */
export function productionEnv(opts: { dir: string; publicUrl: string; smsUrl: string; marketTz: string }) {
  const { LIMIT_LOGINS_PER_ADDRESS_15MIN: _logins, ...lifted } = LIFTED_LIMITS;
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    TRUST_PROXY: '1',
    PUBLIC_URL: opts.publicUrl,
    OTP_SECRET: secret(),
    METRICS_TOKEN: secret(),
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: opts.smsUrl,
    MONEY_MODE: 'points',
    ADMIN_USERNAME: 'deploy-owner',
    ADMIN_PASSWORD: `Owner-${secret().slice(0, 20)}`,
    DATA_DIR: join(opts.dir, 'data'),
    BACKUP_DIR: join(opts.dir, 'backups'),
    BACKUP_EVERY_HOURS: '24',
    DIST_DIR: join(opts.dir, 'dist'),
    MARKET_TZ: opts.marketTz,
    // Stops in 1 s instead of 5 (nothing here balances load by /readyz but the rolling restart).
    SHUTDOWN_DRAIN_DELAY_MS: '1000',
    LOG_LEVEL: 'info',
    ...lifted,
    LIMIT_LOGINS_PER_ADDRESS_15MIN: String(LOGIN_LIMIT),
  } as Record<string, string>;
}

/** A copy of the built app (dist/ must exist: npm run build, or the suite's own build). */
export function copyOfDist(into: string): void {
  if (!existsSync('dist/index.html') || !existsSync('dist/sw.js'))
    throw new Error('dist/ is not built: run npm run build first');
  cpSync('dist', into, { recursive: true });
}

export async function startStack(): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'matka-deploy-'));
  mkdirSync(join(dir, 'backups'));
  copyOfDist(join(dir, 'dist'));
  const sms = await startSmsGateway();
  const caddyPort = await freePort();
  const marketTz = middayZone(new Date());
  const env = productionEnv({ dir, publicUrl: `https://localhost:${caddyPort}`, smsUrl: sms.url, marketTz });
  env.PORT = String(await freePort());
  const server = await startCompiledServer(env);
  if (server.proc.exitCode !== null) throw new Error(`the server did not start:\n${server.log()}`);
  const upstream = new URL(server.url).host;
  const started: Array<{ stop: () => Promise<void> }> = [];
  try {
    const caddy = await startCaddy([upstream], caddyPort);
    started.push(caddy);
    const nginx = await startNginx([upstream]);
    started.push(nginx);
    const stop = async () => {
      await Promise.all([caddy.stop(), nginx.stop()]);
      server.proc.kill('SIGTERM');
      await server.exited;
      await sms.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { server, caddy, nginx, env, sms, marketTz, call: client(server.url), stop };
  } catch (error) {
    for (const p of started) await p.stop();
    server.proc.kill('SIGKILL');
    await sms.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * An owner's token with full reach: in production operators must set up two-factor sign-in first
 * (ADMIN_REQUIRE_2FA), so this signs in, sets it up and enables it with a code from the secret.
 */
export async function ownerToken(stack: Pick<Stack, 'call' | 'env'>): Promise<string> {
  const call = stack.call;
  const login = await call('POST', '/api/v1/admin/login', {
    body: { username: stack.env.ADMIN_USERNAME, password: stack.env.ADMIN_PASSWORD },
  });
  const setup = await call('POST', '/api/v1/admin/2fa/setup', { token: login.token });
  const code = totp(base32Decode(setup.data.secret), Math.floor(Date.now() / 1000));
  await call('POST', '/api/v1/admin/2fa/enable', { token: login.token, body: { code } });
  return login.token;
}

/** The code the SMS gateway last received for `phone`. */
async function codeSentTo(stack: Pick<Stack, 'sms'>, phone: string, since: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const sent = stack.sms.calls.slice(since).filter((c) => c.phone.endsWith(phone));
    const code = /\b(\d{4})\b/.exec(sent.at(-1)?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS reached the gateway for ${phone}`);
}

/** A registered, verified, signed-in player (codes read from the SMS gateway). */
export async function newPlayer(
  stack: Pick<Stack, 'call' | 'sms'>,
): Promise<{ phone: string; token: string }> {
  const call = stack.call;
  const phone = `9${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const password = `pass-${secret().slice(0, 10)}`;
  let since = stack.sms.calls.length;
  await call('POST', '/api/v1/user/register', {
    body: { name: 'Deploy Player', phone, password, confirmPassword: password, adult: true },
  });
  await call('POST', '/api/v1/user/verify-otp', {
    body: { phone, otp: await codeSentTo(stack, phone, since), purpose: 'registration' },
  });
  since = stack.sms.calls.length;
  await call('POST', '/api/v1/user/login', { body: { phone, password } });
  const login = await call('POST', '/api/v1/user/verify-otp', {
    body: { phone, otp: await codeSentTo(stack, phone, since), purpose: 'login' },
  });
  return { phone, token: login.token };
}

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The market's clock now: minutes after midnight and the day, in MARKET_TZ. */
export function marketNow(tz: string): { minutes: number; day: string } {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':');
  return {
    minutes: Number(h) * 60 + Number(m),
    day: new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date()),
  };
}

/** A main market that opened half an hour ago and closes in an hour (the market zone is at midday), its rate set. */
export async function openMarket(
  stack: Pick<Stack, 'call' | 'marketTz'>,
  token: string,
  name: string,
): Promise<string> {
  const now = marketNow(stack.marketTz).minutes;
  // A production database starts with no rates, and a bid is refused until its rate is set.
  await setMainRates(stack.call, token);
  const r = await stack.call('POST', '/api/v1/admin/main-games', {
    token,
    body: { gameName: name, openTime: hhmm(now - 30), closeTime: hhmm(now + 60) },
  });
  return r.data._id as string;
}

/** The body of one single-digit bid of 10 points on the Close session of `game`. */
export const closeDigitBid = (game: string, digit: number) => ({
  bids: [{ game, amount: 10, gameType: 'single-digit', session: 'Close', closeDigit: String(digit % 10) }],
});
