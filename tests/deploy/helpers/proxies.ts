/**
 * deploy/Caddyfile and deploy/nginx.conf run by the real programs in front of the server, over
 * HTTPS on localhost: Caddy with its internal CA, nginx with a self-signed certificate made here
 * with openssl. Each runs on free ports, with its state in a temp folder, and is stopped (the whole
 * process group) by stop().
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connect } from 'node:tls';
import { freePort } from '../../../scripts/bench/helpers.mjs';
import { selfSigned } from './certificates';
import { httpsRequest } from './https';
import { type Program, startProgram } from './processes';

export interface RunningProxy {
  name: 'caddy' | 'nginx';
  /** https://localhost:PORT */
  url: string;
  port: number;
  /** The CA a client trusts to reach it (PEM). */
  ca: string;
  /** Base64 SHA-256 of the served certificate's public key (Chromium's SPKI allow-list). */
  spki: string;
  program: Program;
  stop: () => Promise<void>;
}

const DEPLOY = resolve('deploy');

/** SHA-256 of the public key the server at `port` presents (whatever CA signed it). */
function servedSpki(port: number): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(
      { port, host: '127.0.0.1', servername: 'localhost', rejectUnauthorized: false },
      () => {
        const cert = socket.getPeerX509Certificate();
        socket.destroy();
        if (!cert) return fail(new Error('no certificate served'));
        done(
          createHash('sha256')
            .update(cert.publicKey.export({ type: 'spki', format: 'der' }))
            .digest('base64'),
        );
      },
    );
    socket.on('error', fail);
  });
}

/** Waits until /healthz answers 200 through the proxy (the program died: throws with its log). */
async function untilServing(url: string, ca: string, program: Program, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (program.proc.exitCode !== null) throw new Error(`${name} exited:\n${program.log()}`);
    try {
      if ((await httpsRequest(`${url}/healthz`, { ca, timeoutMs: 5000 })).status === 200) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not serve within 60 s:\n${program.log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Caddy on deploy/Caddyfile as it is, DOMAIN=localhost:PORT (its internal CA issues the
 * certificate). Caddy 2.6 would bind the admin port 2019 and :80 (for redirects), which another
 * program may hold: the file's global-options placeholder turns both off here, and the root CA is
 * not installed into the system's trust store.
 */
export async function startCaddy(upstreams: string[], port?: number): Promise<RunningProxy> {
  const https = port ?? (await freePort());
  const home = mkdtempSync(join(tmpdir(), 'matka-caddy-'));
  const program = startProgram(
    'caddy',
    ['run', '--config', join(DEPLOY, 'Caddyfile'), '--adapter', 'caddyfile'],
    {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
      DOMAIN: `localhost:${https}`,
      UPSTREAM: upstreams.join(' '),
      CADDY_GLOBAL_OPTIONS: [
        'admin off',
        `http_port ${await freePort()}`,
        'skip_install_trust',
        'auto_https disable_redirects',
      ].join('\n'),
    },
  );
  const url = `https://localhost:${https}`;
  const stop = async () => {
    await program.stop();
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const rootPath = join(home, 'data/caddy/pki/authorities/local/root.crt');
    const deadline = Date.now() + 60_000;
    let ca = '';
    while (!ca) {
      try {
        ca = readFileSync(rootPath, 'utf8');
      } catch {
        if (program.proc.exitCode !== null || Date.now() > deadline)
          throw new Error(`Caddy made no CA:\n${program.log()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await untilServing(url, ca, program, 'Caddy');
    return { name: 'caddy', url, port: https, ca, spki: await servedSpki(https), program, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Replaces `from` with `to` exactly once (the deploy file changed shape: fail loudly). */
function once(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2)
    throw new Error(`deploy/nginx.conf: expected "${from}" once, found ${parts.length - 1}`);
  return parts.join(to);
}

/**
 * The site file from deploy/nginx.conf exactly as docs/going-live.md makes it (envsubst with the
 * four names), then moved to this test's ports (443 and 80 may be taken) and given one `server`
 * line per further process, as the file's comment says.
 */
export function nginxSite(vars: { DOMAIN: string; UPSTREAM: string; TLS_CERT: string; TLS_KEY: string }) {
  const r = spawnSync('envsubst', ['$DOMAIN $UPSTREAM $TLS_CERT $TLS_KEY'], {
    input: readFileSync(join(DEPLOY, 'nginx.conf'), 'utf8'),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...vars },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`envsubst failed: ${r.stderr}`);
  return r.stdout;
}

/**
 * nginx with a main file like Debian's (gzip on for the usual types, as operators often have it)
 * including the site made from deploy/nginx.conf; state, logs and temp files in a temp folder.
 */
export async function startNginx(upstreams: string[], port?: number): Promise<RunningProxy> {
  const https = port ?? (await freePort());
  const http = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'matka-nginx-'));
  // Run as root, nginx's workers are another user: they must reach the temp folders.
  chmodSync(dir, 0o755);
  const temp = join(dir, 'temp');
  mkdirSync(temp);
  chmodSync(temp, 0o777);
  // A self-signed certificate for localhost, as an operator trying nginx out would make one.
  const { cert, key } = selfSigned(dir, 'localhost', '/CN=localhost', 30, [
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ]);
  const [first = '', ...more] = upstreams;
  let site = nginxSite({ DOMAIN: 'localhost', UPSTREAM: first, TLS_CERT: cert, TLS_KEY: key });
  // The upstream line as the file writes it (its parameters kept), once per process.
  const upstream =
    new RegExp(`^    server ${first}( [^;\\n]*)?;\\n`, 'm').exec(site)?.[0] ?? `server ${first};`;
  site = once(site, upstream, [first, ...more].map((u) => upstream.replace(first, u)).join(''));
  site = once(site, '    listen 443 ssl http2;\n', `    listen 127.0.0.1:${https} ssl http2;\n`);
  site = once(site, '    listen [::]:443 ssl http2;\n', '');
  site = once(site, '    listen 80;\n', `    listen 127.0.0.1:${http};\n`);
  site = once(site, '    listen [::]:80;\n', '');
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  gzip on;
  gzip_types text/plain text/css application/json application/javascript text/javascript;
  include ${dir}/site.conf;
}
`,
  );
  // Debian puts nginx in /usr/sbin, which a non-root PATH may lack.
  const program = startProgram(
    existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx',
    ['-e', join(dir, 'error.log'), '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  );
  const url = `https://localhost:${https}`;
  const ca = readFileSync(cert, 'utf8');
  const stop = async () => {
    await program.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await untilServing(url, ca, program, 'nginx');
    return { name: 'nginx', url, port: https, ca, spki: await servedSpki(https), program, stop };
  } catch (error) {
    const errors = (() => {
      try {
        return readFileSync(join(dir, 'error.log'), 'utf8');
      } catch {
        return '';
      }
    })();
    await stop();
    throw new Error(`${(error as Error).message}\n${errors}`);
  }
}
