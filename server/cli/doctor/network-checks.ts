import { X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import { checkServerIdentity, connect, type DetailedPeerCertificate, rootCertificates } from 'node:tls';
import { type Check, fail, ok, warn } from './report';

const DAY_MS = 86_400_000;
/** A public certificate must have this long left: renewals start 30 days before the end. */
export const MIN_CERT_DAYS = 14;

/** GET PUBLIC_URL/readyz through the proxy (the certificate is judged by its own check). */
export function readyThroughProxy(publicUrl: string, timeoutMs = 10_000): Promise<Check> {
  const url = new URL('/readyz', publicUrl);
  return new Promise((resolve) => {
    const req = request(url, { rejectUnauthorized: false, timeout: timeoutMs, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => {
        let status = '';
        try {
          status = String(JSON.parse(body).status ?? '');
        } catch {
          // not the server's answer
        }
        if (res.statusCode === 200 && status === 'ready') resolve(ok('proxy', `${url.href} answers ready`));
        else
          resolve(
            fail(
              'proxy',
              `${url.href} answered ${res.statusCode}${status ? ` (${status})` : ' (not the server: check UPSTREAM)'}`,
              status ? 'see the server log: journalctl -u matka' : 'point the proxy at the server (UPSTREAM)',
            ),
          );
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', (error) =>
      resolve(
        fail(
          'proxy',
          `${url.href}: ${(error as Error).message}`,
          'check DNS points here, the firewall opens 443, and the proxy runs (systemctl status caddy)',
        ),
      ),
    );
    req.end();
  });
}

/** The chain's last certificate (its root, or the highest one served). */
function topOf(cert: DetailedPeerCertificate): DetailedPeerCertificate {
  let c = cert;
  for (let i = 0; i < 10 && c.issuerCertificate && c.issuerCertificate !== c; i++) c = c.issuerCertificate;
  return c;
}

/**
 * Whether the chain ends at one of `roots` (the public store Node ships, not NODE_EXTRA_CA_CERTS):
 * its last certificate is such a root, or was issued by one the server did not send.
 */
function endsAtPublicRoot(cert: DetailedPeerCertificate, roots: readonly string[]): boolean {
  const top = topOf(cert);
  const topCert = new X509Certificate(top.raw);
  return roots.some((pem) => {
    const root = new X509Certificate(pem);
    return (
      root.fingerprint256 === topCert.fingerprint256 ||
      (topCert.checkIssued(root) && topCert.verify(root.publicKey))
    );
  });
}

/**
 * The certificate PUBLIC_URL's host serves: valid for the name and for at least MIN_CERT_DAYS
 * more when a public CA issued it. One from a local CA (Caddy's internal one lasts 12 hours and
 * renews itself; a self-signed one) is a warning: fine to try things out, phones do not trust it.
 */
export function certificateCheck(
  publicUrl: string,
  opts: { now?: number; publicRoots?: readonly string[]; timeoutMs?: number } = {},
): Promise<Check> {
  const now = opts.now ?? Date.now();
  const roots = opts.publicRoots ?? rootCertificates;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const url = new URL(publicUrl);
  const port = Number(url.port || 443);
  const host = url.hostname;
  return new Promise((resolve) => {
    const socket = connect({ host, port, servername: host, rejectUnauthorized: false, timeout: timeoutMs });
    const done = (c: Check) => {
      socket.destroy();
      resolve(c);
    };
    socket.on('timeout', () =>
      done(fail('certificate', `no TLS answer from ${host}:${port}`, 'check the proxy runs')),
    );
    socket.on('error', (e) =>
      done(
        fail('certificate', `${host}:${port}: ${e.message}`, 'check DNS, the firewall (443) and the proxy'),
      ),
    );
    socket.on('secureConnect', () => {
      const cert = socket.getPeerCertificate(true);
      if (!cert?.raw) return done(fail('certificate', 'none served', 'configure TLS on the proxy'));
      const wrongName = checkServerIdentity(host, cert);
      if (wrongName)
        return done(fail('certificate', `not valid for ${host}`, 'get one for this name (DOMAIN)'));
      const end = Date.parse(cert.valid_to);
      const left = end - now;
      const issuer = cert.issuer?.O ?? cert.issuer?.CN ?? 'unknown issuer';
      const lasts =
        left >= 2 * DAY_MS ? `${Math.floor(left / DAY_MS)} days` : `${Math.floor(left / 3_600_000)} hours`;
      if (left <= 0 || Date.parse(cert.valid_from) > now)
        return done(
          fail(
            'certificate',
            `not valid now (until ${cert.valid_to})`,
            'renew it (caddy does it itself; certbot renew)',
          ),
        );
      if (!endsAtPublicRoot(cert, roots)) {
        return done(
          warn(
            'certificate',
            `from a local CA (${issuer}), ${lasts} left: phones will not trust it`,
            'point DNS for your domain here and set DOMAIN to it, so a public CA issues one',
          ),
        );
      }
      if (left < MIN_CERT_DAYS * DAY_MS)
        return done(
          fail(
            'certificate',
            `${lasts} left (${issuer}): renewal is failing`,
            'look at the proxy log; certbot renew --dry-run',
          ),
        );
      return done(ok('certificate', `valid ${lasts} more (${issuer})`));
    });
  });
}
