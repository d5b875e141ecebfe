import { createPrivateKey } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Env, EnvError, loadEnv } from '../../env';
import { schema } from '../../env-schema';
import { proxyWarning } from '../../start-banner';
import type { Source } from './environment-source';
import { type Check, fail, ok, warn } from './report';

/** Settings whose value is a secret, by name, from the one schema (never printed). */
export const SECRET_SETTINGS = Object.keys(schema.shape).filter((k) =>
  /SECRET|PASSWORD|TOKEN|_KEY$|SERVICE_ACCOUNT/.test(k),
);
/** Settings that may carry a key inside a URL (a gateway's API key, a webhook's token). */
const URL_SETTINGS = ['SMS_HTTP_URL', 'ALERT_WEBHOOK_URL'];
/** Secrets someone else issues (their strength is theirs): checked for presence only. */
const ISSUED = new Set(['CASHFREE_SECRET_KEY', 'FIREBASE_SERVICE_ACCOUNT']);

const GENERATE = 'generate one with: openssl rand -hex 32';

/** Every secret value in the source, and the password of DATABASE_URL, for the printer to hide. */
export function secretValues(source: Source): string[] {
  const values = [...SECRET_SETTINGS, ...URL_SETTINGS].map((k) => source[k]).filter((v): v is string => !!v);
  try {
    const password = source.DATABASE_URL ? new URL(source.DATABASE_URL).password : '';
    if (password) values.push(password, decodeURIComponent(password));
  } catch {
    // not a URL: the environment check says so
  }
  try {
    const key = JSON.parse(source.FIREBASE_SERVICE_ACCOUNT ?? '{}').private_key;
    if (typeof key === 'string') values.push(key);
  } catch {
    // not JSON: the Firebase check says so
  }
  return values.sort((a, b) => b.length - a.length);
}

/** The server's own environment check (server/env.ts): each problem it would refuse to start with. */
export function environmentChecks(source: Source): { checks: Check[]; env: Env | null } {
  try {
    const env = loadEnv(source);
    const mode = env.NODE_ENV === 'production' ? 'production' : `NODE_ENV=${env.NODE_ENV}`;
    const checks = [ok('environment', `every setting valid (${mode}, MONEY_MODE=${env.MONEY_MODE})`)];
    if (env.NODE_ENV !== 'production')
      checks.push(
        fail('environment', `NODE_ENV is ${env.NODE_ENV}`, 'set NODE_ENV=production (the unit does)'),
      );
    return { checks, env };
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    const lines = error.message.split('\n').slice(1);
    const checks = lines.map((line) => {
      const [name = 'environment', ...rest] = line.trim().split(': ');
      return fail(
        name,
        rest.join(': ') || 'invalid',
        'fix it in the environment file (README "Configuration")',
      );
    });
    return { checks, env: null };
  }
}

/** How many different characters a value uses: "aaaa...", "1234..." and the like score low. */
const variety = (v: string) => new Set(v).size;

/** Each secret present and strong; ADMIN_PASSWORD as a password. Values are never shown. */
export function secretChecks(env: Env): Check[] {
  const weak: Check[] = [];
  let strong = 0;
  for (const name of SECRET_SETTINGS) {
    const value = env[name as keyof Env];
    if (typeof value !== 'string' || value === '') continue;
    if (ISSUED.has(name)) {
      strong++;
      continue;
    }
    const password = name === 'ADMIN_PASSWORD';
    const [minLength, minVariety] = password ? [12, 8] : [32, 12];
    if (
      value.length < minLength ||
      variety(value) < minVariety ||
      /change.?me|example|secret|password/i.test(value)
    ) {
      weak.push(
        fail(
          name,
          `weak (${value.length} characters; at least ${minLength}, random, needed)`,
          password ? 'choose a long passphrase no one can guess' : GENERATE,
        ),
      );
    } else strong++;
  }
  return weak.length > 0 ? weak : [ok('secrets', `${strong} present and strong`)];
}

/** Behind the proxy: the server listens where only the proxy reaches it and trusts one hop. */
export function proxySettingChecks(env: Env): Check[] {
  const checks: Check[] = [];
  if (!env.PUBLIC_URL?.startsWith('https://')) {
    checks.push(
      fail('PUBLIC_URL', env.PUBLIC_URL ? 'is not https' : 'not set', 'set PUBLIC_URL=https://<your domain>'),
    );
  }
  const exposed = proxyWarning(env);
  if (env.TRUST_PROXY === 0) {
    checks.push(
      fail(
        'TRUST_PROXY',
        'is 0: every player would share the proxy address in limits, logs and the audit log',
        'set TRUST_PROXY=1 (one proxy in front) and HOST=127.0.0.1',
      ),
    );
  } else if (exposed) {
    checks.push(fail('HOST', exposed, 'set HOST=127.0.0.1'));
  } else checks.push(ok('proxy settings', `TRUST_PROXY=${env.TRUST_PROXY}, HOST=${env.HOST}:${env.PORT}`));
  return checks;
}

/** SMS: a real gateway, its URL template complete and not sending codes in clear over the network. */
export function smsCheck(env: Env): Check {
  if (env.SMS_PROVIDER === 'outbox')
    return warn(
      'SMS',
      'SMS_PROVIDER=outbox: no SMS is sent, login codes go to the log',
      'set SMS_PROVIDER=http and SMS_HTTP_URL to your gateway (docs/going-live.md "SMS")',
    );
  const template = env.SMS_HTTP_URL ?? '';
  if (!template.includes('{phone}') || (env.SMS_HTTP_METHOD === 'GET' && !template.includes('{text}')))
    return fail(
      'SMS',
      'SMS_HTTP_URL lacks {phone} or {text}',
      'put {phone} and {text} where the gateway wants them',
    );
  const url = new URL(template.replaceAll('{phone}', '0').replaceAll('{text}', 't'));
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !local)
    return warn(
      'SMS',
      `gateway ${url.hostname} over plain http: codes cross the network readable`,
      'use its https URL',
    );
  return ok('SMS', `gateway ${url.hostname} (${env.SMS_HTTP_METHOD})`);
}

/** The project id the built app carries (VITE_FIREBASE_PROJECT_ID is inlined into its scripts). */
function builtAppHas(distDir: string, text: string): boolean {
  const assets = join(distDir, 'assets');
  if (!existsSync(assets)) return false;
  return readdirSync(assets).some(
    (f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes(text),
  );
}

/** Firebase: off is a choice; on, the service account parses and the built app knows the project. */
export function firebaseCheck(env: Env): Check {
  const json = env.FIREBASE_SERVICE_ACCOUNT;
  if (!json) return ok('Firebase', 'push off (FIREBASE_SERVICE_ACCOUNT unset): no notifications to phones');
  let account: { type?: unknown; project_id?: unknown; client_email?: unknown; private_key?: unknown };
  try {
    account = JSON.parse(json);
  } catch {
    return fail(
      'Firebase',
      'FIREBASE_SERVICE_ACCOUNT is not JSON',
      'paste the whole service-account key file',
    );
  }
  const fix = 'paste the key file from Firebase console, Project settings, Service accounts';
  if (
    account.type !== 'service_account' ||
    typeof account.project_id !== 'string' ||
    typeof account.client_email !== 'string'
  )
    return fail('Firebase', 'FIREBASE_SERVICE_ACCOUNT is not a service-account key', fix);
  try {
    createPrivateKey(String(account.private_key));
  } catch {
    return fail('Firebase', 'FIREBASE_SERVICE_ACCOUNT private_key does not parse', fix);
  }
  if (!builtAppHas(env.DIST_DIR, account.project_id))
    return warn(
      'Firebase',
      `the app in ${env.DIST_DIR} was built without VITE_FIREBASE_PROJECT_ID=${account.project_id}: phones cannot subscribe`,
      'set the VITE_FIREBASE_* values and npm run build',
    );
  return ok('Firebase', `push on (project ${account.project_id})`);
}
