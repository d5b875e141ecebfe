import { connectDb } from '../db/connect';
import { migrate } from '../db/migrate';
import { EnvError, loadEnv } from '../env';
import { upsertAdmin } from '../services/operators/sign-in';

const USAGE = `Usage: npm run admin -- create-admin <username>
  Reads the password from stdin (typed without echo on a terminal, or piped:
  echo 'secret-pass' | npm run admin -- create-admin ops).
  Uses DATABASE_URL, or the PGlite database in DATA_DIR (stop the server first).
  An operator switched off in the console is switched on again (a server start never does that).`;

/** Reads one line; on a terminal the typed characters are not echoed. */
async function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolvePassword, reject) => {
    let value = '';
    const onData = (data: Buffer) => {
      for (const ch of data.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolvePassword(value);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('cancelled'));
          return;
        }
        if (ch === '\u007f') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(argv: string[]): Promise<number> {
  const [command, username] = argv;
  if (command !== 'create-admin' || !username) {
    console.error(USAGE);
    return 2;
  }
  if (!/^[A-Za-z0-9_.-]{3,64}$/.test(username)) {
    console.error('The username must be 3-64 letters, digits, dot, dash or underscore.');
    return 2;
  }
  const password = await readPassword(`Password for ${username}: `);
  if (password.length < 8 || password.length > 200) {
    console.error('The password must be 8-200 characters.');
    return 2;
  }
  const env = loadEnv();
  const db = await connectDb(env);
  try {
    await migrate(db);
    const how = await upsertAdmin(db, username, password, { reactivate: true });
    console.error(`Operator ${username} ${how}.`);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof EnvError ? error.message : `Failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
