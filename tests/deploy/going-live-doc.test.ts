/**
 * docs/going-live.md: every command in its shell blocks is run by this test (in a sandbox: the
 * system paths it writes moved to a temp folder, `sudo` dropped), run by another test of the repo
 * (named, and holding the command's program), or checked by a named `npm run doctor` check on the
 * server it sets up. A command none of these covers fails the test; so does a rule no command
 * needs any more. README's "Run it" links the page.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unitEnvironment } from '../../server/cli/doctor/environment-source';
import { loadEnv } from '../../server/env';
import { selfSigned } from './helpers/certificates';

const PAGE = readFileSync('docs/going-live.md', 'utf8');
const ROOT = resolve('.');
const T = mkdtempSync(join(tmpdir(), 'matka-going-live-'));
afterAll(() => rmSync(T, { recursive: true, force: true }));

/** The page's shell blocks, each as its command lines (no comments, no blank lines). */
const blocks: string[][] = [...PAGE.matchAll(/^ *```sh\n([\s\S]*?)^ *```$/gm)].map((m) =>
  (m[1] ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#')),
);

type Proof = { run: true } | { test: string; holds: string } | { doctor: string };
interface Rule {
  re: RegExp;
  proof: Proof;
  /** Why that proves the step. */
  why: string;
}

const RUN = { run: true } as const;
const RULES: Rule[] = [
  { re: /^sudo apt-get update$/, proof: { doctor: 'node' }, why: 'refreshes what the installs below fetch' },
  {
    re: /^sudo apt-get install -y ca-certificates curl git openssl gettext-base rsync$/,
    proof: RUN,
    why: 'the tools the page uses are there (run as command -v)',
  },
  {
    re: /^curl -fsSL https:\/\/deb\.nodesource\.com\/setup_22\.x /,
    proof: { doctor: 'node' },
    why: 'Node 22 installed',
  },
  { re: /^sudo bash \/tmp\/nodesource_setup\.sh$/, proof: { doctor: 'node' }, why: 'Node 22 installed' },
  { re: /^sudo apt-get install -y nodejs$/, proof: { doctor: 'node' }, why: 'Node 22 installed' },
  { re: /^node --version$/, proof: RUN, why: 'prints v22' },
  {
    re: /^sudo useradd --system .* matka$/,
    proof: { doctor: 'DATA_DIR' },
    why: 'the doctor runs as matka and writes its folders',
  },
  {
    re: /^sudo git (clone|pull)\b/,
    proof: { doctor: 'build' },
    why: 'the code is there and was built after the pull',
  },
  { re: /^cd \/opt\/matka$/, proof: RUN, why: 'the commands after it run in the app folder' },
  { re: /^sudo npm ci$/, proof: { doctor: 'build' }, why: 'a build needs the packages' },
  { re: /^sudo npm run build$/, proof: { doctor: 'build' }, why: 'app and server built from these sources' },
  {
    re: /^sudo install -d -m 0750 -o root -g matka \/etc\/matka$/,
    proof: { doctor: 'environment' },
    why: 'the settings are read through the unit',
  },
  {
    re: /^sudo install -m 0640 -o root -g matka deploy\/matka\.env\.example /,
    proof: RUN,
    why: 'the example, filled in, is a valid production environment',
  },
  { re: /^openssl rand -hex 32$/, proof: RUN, why: 'prints a 64-digit hex secret' },
  { re: /^sudoedit \/etc\/matka\/matka\.env$/, proof: { doctor: 'environment' }, why: 'every setting valid' },
  {
    re: /^sudoedit \/opt\/matka\/\.env\.production$/,
    proof: { doctor: 'Firebase' },
    why: 'the built app carries the project',
  },
  {
    re: /^sudo cp deploy\/matka\.service /,
    proof: { test: 'tests/deploy/unit.test.ts', holds: 'deploy/matka.service' },
    why: 'the unit verified',
  },
  {
    re: /^sudo systemd-analyze verify /,
    proof: { test: 'tests/deploy/unit.test.ts', holds: "'systemd-analyze', ['verify'" },
    why: 'run on the unit',
  },
  {
    re: /^(sudo )?systemctl (daemon-reload|enable --now matka|status matka|restart matka|stop matka|start matka)$/,
    proof: { doctor: 'database' },
    why: 'the running server answers /readyz',
  },
  {
    re: /^curl -s http:\/\/127\.0\.0\.1:8080\/readyz$/,
    proof: { doctor: 'database' },
    why: "the doctor asks the server's /readyz",
  },
  {
    re: /^getent hosts play\.example\.com$/,
    proof: { doctor: 'proxy' },
    why: 'PUBLIC_URL resolves and answers',
  },
  {
    re: /^sudo apt-get install -y ufw$/,
    proof: { doctor: 'proxy' },
    why: '443 reachable; the server itself listens on 127.0.0.1 (proxy settings)',
  },
  {
    re: /^sudo ufw (allow (OpenSSH|80\/tcp|443\/tcp|443\/udp)|enable)$/,
    proof: { doctor: 'proxy' },
    why: '443 reachable at PUBLIC_URL',
  },
  {
    re: /^sudo apt-get install -y caddy$/,
    proof: { test: 'tests/deploy/helpers/proxies.ts', holds: "'run', '--config', join(DEPLOY, 'Caddyfile')" },
    why: "Debian's Caddy runs the file",
  },
  {
    re: /^sudo cp deploy\/Caddyfile \/etc\/caddy\/Caddyfile$/,
    proof: { test: 'tests/deploy/helpers/proxies.ts', holds: "join(DEPLOY, 'Caddyfile')" },
    why: 'the file as it is',
  },
  { re: /^sudo mkdir -p \/etc\/systemd\/system\/caddy\.service\.d$/, proof: RUN, why: 'the drop-in folder' },
  {
    re: /^printf '\[Service\]\\nEnvironment=DOMAIN=/,
    proof: RUN,
    why: 'gives Caddy its DOMAIN (read back as systemd would)',
  },
  {
    re: /^sudo systemctl (restart caddy|reload nginx)$/,
    proof: { doctor: 'proxy' },
    why: 'the proxy answers /readyz over https',
  },
  {
    re: /^sudo apt-get install -y nginx certbot$/,
    proof: { test: 'tests/deploy/helpers/proxies.ts', holds: "'/usr/sbin/nginx'" },
    why: "Debian's nginx runs the file",
  },
  { re: /^sudo certbot certonly /, proof: { doctor: 'certificate' }, why: 'a certificate valid 14+ days' },
  { re: /^export (DOMAIN|TLS_CERT)=/, proof: RUN, why: 'the values envsubst fills in' },
  {
    re: /^envsubst '\$DOMAIN \$UPSTREAM \$TLS_CERT \$TLS_KEY' < deploy\/nginx\.conf /,
    proof: RUN,
    why: 'nginx -t accepts what it writes',
  },
  {
    re: /^sudo (ln -s \/etc\/nginx\/sites-available\/matka |rm \/etc\/nginx\/sites-enabled\/default$)/,
    proof: { doctor: 'proxy' },
    why: 'nginx serves the site',
  },
  { re: /^sudo nginx -t$/, proof: RUN, why: 'on the written site' },
  {
    re: /^node -e 'process\.stdout\.write\(JSON\.stringify\(require/,
    proof: RUN,
    why: 'one line of the same JSON',
  },
  { re: /^sudo ssh-keygen -t ed25519 -N '' -f /, proof: RUN, why: 'a key for the copies' },
  { re: /^sudo cat \/root\/\.ssh\/matka-backups\.pub$/, proof: RUN, why: 'prints the public key' },
  {
    re: /^echo '30 3 \* \* \* root rsync -a /,
    proof: RUN,
    why: 'a valid cron line whose rsync copies the folder (to a local folder here)',
  },
  {
    re: /^sudo apt-get install -y postgresql$/,
    proof: { doctor: 'database' },
    why: 'PostgreSQL reachable and migrated',
  },
  {
    re: /^sudo -u postgres (createuser|createdb) /,
    proof: { doctor: 'database' },
    why: 'PostgreSQL reachable as matka',
  },
  {
    re: /^sudo -u matka -H env DATABASE_URL=\S+ npm run restore -- /,
    proof: { test: 'tests/ops/pg-only/backup-drill.test.ts', holds: 'PGlite' },
    why: 'a PGlite backup restored into PostgreSQL',
  },
  {
    re: /^sudo -u matka -H npm run doctor -- --unit \/etc\/systemd\/system\/matka\.service$/,
    proof: RUN,
    why: 'reads the unit and its settings and checks them',
  },
];

/** Doc paths and what they are in the sandbox (a sudo-less command writes there instead). */
const PATHS: Array<[string, string]> = [
  ['/etc/systemd/system/caddy.service.d', `${T}/caddy.service.d`],
  ['/etc/systemd/system/matka.service', `${T}/matka.service`],
  ['/etc/nginx/sites-available/matka', `${T}/nginx/matka`],
  ['/etc/letsencrypt/live/play.example.com/fullchain.pem', `${T}/tls/cert.pem`],
  ['/etc/letsencrypt/live/play.example.com/privkey.pem', `${T}/tls/key.pem`],
  ['/etc/cron.d/matka-backups', `${T}/cron.d/matka-backups`],
  ['/root/.ssh/matka-backups', `${T}/ssh/matka-backups`],
  ['/var/lib/matka', `${T}/var-lib-matka`],
  ['/etc/matka/matka.env', `${T}/matka.env`],
  ['/opt/matka', ROOT],
  ['./service-account.json', `${T}/service-account.json`],
];

/** A command as the sandbox runs it. */
function sandboxed(cmd: string): string {
  let c = cmd;
  for (const [from, to] of PATHS) c = c.split(from).join(to);
  c = c.replace(/\bsudo -u matka -H /g, '').replace(/\bsudo (?!-)/g, '');
  if (/^apt-get install -y ca-certificates/.test(c))
    return 'command -v curl git openssl envsubst rsync > /dev/null';
  if (c.startsWith('install -m 0640')) return `cp deploy/matka.env.example ${T}/matka.env`;
  if (c === 'nginx -t') return `nginx -t -q -p ${T}/nginx -c ${T}/nginx/main.conf -e ${T}/nginx/error.log`;
  return c;
}

const ruleFor = (cmd: string) => RULES.filter((r) => r.re.test(cmd));

describe('docs/going-live.md', () => {
  it('is linked from README "Run it"', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toMatch(/\| Run it +\|[^\n]*docs\/going-live\.md/);
  });

  it('has every command covered by exactly one rule, and every rule used', () => {
    const all = blocks.flat();
    expect(all.length).toBeGreaterThan(40);
    const uncovered = all.filter((c) => ruleFor(c).length !== 1);
    expect(uncovered, 'commands with no rule (or two)').toEqual([]);
    const unused = RULES.filter((r) => !all.some((c) => r.re.test(c)));
    expect(
      unused.map((r) => String(r.re)),
      'rules no command needs',
    ).toEqual([]);
  });

  it("names only tests that exist and run the command's program, and only checks the doctor has", () => {
    const doctorSource = readdirSync('server/cli/doctor')
      .map((f) => readFileSync(join('server/cli/doctor', f), 'utf8'))
      .join('\n');
    const checks = new Set([...doctorSource.matchAll(/\b(?:ok|warn|fail)\(\s*'([^']+)'/g)].map((m) => m[1]));
    for (const { proof, why } of RULES) {
      if ('test' in proof)
        expect(readFileSync(proof.test, 'utf8'), `${proof.test}: ${why}`).toContain(proof.holds);
      if ('doctor' in proof) expect(checks, `doctor check ${proof.doctor}: ${why}`).toContain(proof.doctor);
    }
  });

  it('runs the commands it can here, each block in order, and checks what they made', () => {
    for (const dir of ['nginx', 'tls', 'cron.d', 'ssh', 'var-lib-matka/backups'])
      mkdirSync(join(T, dir), { recursive: true });
    selfSigned(join(T, 'tls'), 'cert', '/CN=play.example.com', 30, ['subjectAltName=DNS:play.example.com']);
    // selfSigned names the key after the certificate.
    writeFileSync(join(T, 'tls/key.pem'), readFileSync(join(T, 'tls/cert.key')));
    writeFileSync(
      join(T, 'nginx/main.conf'),
      `pid ${T}/nginx/nginx.pid;\nevents {}\nhttp {\n  include ${T}/nginx/matka;\n}\n`,
    );
    const account = {
      type: 'service_account',
      project_id: 'matka-test',
      client_email: 'push@matka-test.iam.gserviceaccount.com',
      private_key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      }),
    };
    writeFileSync(join(T, 'service-account.json'), JSON.stringify(account, null, 2));
    writeFileSync(join(T, 'var-lib-matka/backups/matka-20261201T033000000Z.sql.gz'), 'a backup');
    // The unit as installed, its settings file filled in as section 3 says.
    writeFileSync(join(T, 'matka.service'), sandboxed(readFileSync('deploy/matka.service', 'utf8')));

    const outputs: string[] = [];
    for (const block of blocks) {
      const run = block.filter((c) => ruleFor(c).some((r) => 'run' in r.proof));
      if (run.length === 0) continue;
      if (run.some((c) => c.includes('npm run doctor'))) fillSettings();
      const script = ['set -e', ...run.map(sandboxed)].join('\n');
      const r = spawnSync('bash', ['-c', script], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: T },
        timeout: 120_000,
      });
      // The doctor exits 1 here (nothing serves this sandbox); every other block must succeed.
      const doctor = run.some((c) => c.includes('npm run doctor'));
      expect(r.status, `${script}\n${r.stdout}${r.stderr}`).toBe(doctor ? 1 : 0);
      outputs.push(r.stdout);
    }
    const printed = outputs.join('\n');
    expect(printed).toMatch(/^v22\.\d+\.\d+$/m);
    expect(printed).toMatch(/^[0-9a-f]{64}$/m);
    // nginx -t passed (set -e) on the site envsubst wrote, nginx's own variables intact.
    const site = readFileSync(join(T, 'nginx/matka'), 'utf8');
    expect(site).toContain('server_name play.example.com;');
    expect(site).toContain(`ssl_certificate ${T}/tls/cert.pem;`);
    expect(site).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    // Caddy's drop-in gives it DOMAIN, as systemd reads it.
    expect(unitEnvironment(join(T, 'caddy.service.d/matka.conf')).source).toEqual({
      DOMAIN: 'play.example.com',
    });
    // One line of the same JSON.
    const line = printed.split('\n').find((l) => l.startsWith('{"type":"service_account"'));
    expect(JSON.parse(line as string)).toEqual(account);
    // The cron line: five times, a user, a command; its rsync copies the backups.
    const cron = readFileSync(join(T, 'cron.d/matka-backups'), 'utf8').trim();
    const [, user, command] = /^(?:\S+ ){5}(\S+) (.+)$/.exec(cron) ?? [];
    expect(user).toBe('root');
    expect(printed).toContain(readFileSync(join(T, 'ssh/matka-backups.pub'), 'utf8').trim());
    const local = (command as string).replace(/ -e "[^"]+"/, '').replace(/\S+@\S+:\S+$/, `${T}/offsite/`);
    expect(spawnSync('bash', ['-c', local]).status).toBe(0);
    expect(existsSync(join(T, 'offsite/matka-20261201T033000000Z.sql.gz'))).toBe(true);
    // The doctor read the unit and the settings file, and found them valid.
    expect(printed).toMatch(/^Checking the environment from .*matka\.service \+ .*matka\.env$/m);
    expect(printed).toMatch(/^ok +node: /m);
    expect(printed).toMatch(/^ok +environment: every setting valid \(production, MONEY_MODE=points\)$/m);
  }, 180_000);
});

/** Section 3 by hand: the example's empty values filled, its domain made this sandbox's. */
function fillSettings() {
  const file = join(T, 'matka.env');
  const filled = readFileSync(file, 'utf8')
    .replace(/^(OTP_SECRET|METRICS_TOKEN)=$/gm, (_, k) => `${k}=${'0123456789abcdef'.repeat(4)}`)
    .replace(/^ADMIN_PASSWORD=$/m, 'ADMIN_PASSWORD=correct-horse-battery-staple')
    .replace(/^PUBLIC_URL=.*$/m, 'PUBLIC_URL=https://localhost:1');
  writeFileSync(file, filled);
  // The example is a valid production environment once filled, by the server's own check.
  expect(() =>
    loadEnv({ NODE_ENV: 'production', ...unitEnvironment(join(T, 'matka.service')).source }),
  ).not.toThrow();
}
