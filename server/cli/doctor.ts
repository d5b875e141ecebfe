import { databaseChecks } from './doctor/database-checks';
import { doctorSource } from './doctor/environment-source';
import { buildCheck, nodeCheck } from './doctor/install-checks';
import { certificateCheck, readyThroughProxy } from './doctor/network-checks';
import { type Check, formatCheck } from './doctor/report';
import {
  environmentChecks,
  firebaseCheck,
  proxySettingChecks,
  secretChecks,
  secretValues,
  smsCheck,
} from './doctor/settings-checks';
import { backupCheck, folderChecks } from './doctor/storage-checks';

/**
 * `npm run doctor`: checks a production environment before players arrive (docs/going-live.md).
 * One line per check, ok, warn or fail with what to do; exit 1 on any fail. It reads the settings
 * with the server's own schema and checks (server/env.ts), from the unit the service runs with
 * (`-- --unit /etc/systemd/system/matka.service`), an environment file (`-- --env-file <file>`)
 * or this shell. No secret is ever printed: every line is scrubbed of every secret value.
 */
async function main(argv: string[]): Promise<number> {
  const { source, from } = doctorSource(argv);
  const secrets = secretValues(source);
  const print = (c: Check) => console.log(formatCheck(c, secrets));
  console.log(`Checking the environment from ${from}`);
  const { checks: settings, env } = environmentChecks(source);
  const checks = [nodeCheck(), ...settings];
  checks.forEach(print);
  const all = [...checks];
  if (env) {
    const next = [
      buildCheck(env),
      ...secretChecks(env),
      ...proxySettingChecks(env),
      ...(env.PUBLIC_URL?.startsWith('https://')
        ? await Promise.all([readyThroughProxy(env.PUBLIC_URL), certificateCheck(env.PUBLIC_URL)])
        : []),
      ...(await databaseChecks(env)),
      ...folderChecks(env),
      backupCheck(env),
      smsCheck(env),
      firebaseCheck(env),
    ];
    next.forEach(print);
    all.push(...next);
  }
  const count = (level: Check['level']) => all.filter((c) => c.level === level).length;
  console.log(`${count('ok')} ok, ${count('warn')} warn, ${count('fail')} fail`);
  return count('fail') > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`doctor: ${(error as Error).message}`);
    process.exit(2);
  },
);
