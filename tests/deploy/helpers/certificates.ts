/** Certificates made with openssl, as an operator would make them, in a folder of the test's. */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A new P-256 key: `req` arguments that make one without a passphrase. */
const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A self-signed certificate (`subject` as /CN=...), valid `days`, with extra `-addext` values. */
export function selfSigned(
  dir: string,
  name: string,
  subject: string,
  days: number,
  extensions: string[] = [],
) {
  const args = ['req', '-x509', ...NEW_KEY, '-days', String(days), '-subj', subject];
  for (const e of extensions) args.push('-addext', e);
  openssl(dir, [...args, '-keyout', `${name}.key`, '-out', `${name}.pem`]);
  return { cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`) };
}

/** A certificate for DNS name `host`, valid `days`, signed by the CA `ca` (from selfSigned). */
export function issuedBy(dir: string, ca: string, host: string, days: number): { key: Buffer; cert: string } {
  const name = `${host}-${days}`;
  writeFileSync(join(dir, `${name}.ext`), `subjectAltName=DNS:${host}\n`);
  openssl(dir, [
    'req',
    '-new',
    ...NEW_KEY,
    '-subj',
    `/CN=${host}`,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
  ]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.pem`,
    '-CAkey',
    `${ca}.key`,
    '-days',
    String(days),
    '-extfile',
    `${name}.ext`,
    '-out',
    `${name}.pem`,
  ]);
  return {
    key: readFileSync(join(dir, `${name}.key`)),
    cert: readFileSync(join(dir, `${name}.pem`), 'utf8'),
  };
}
