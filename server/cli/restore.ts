import { BackupFileError, readBackup } from '../db/backup/format';
import { restoreIntoPglite, restoreIntoPostgres } from '../db/backup/restore';
import { backupKey } from '../db/backup/seal';
import { DEV_OTP_SECRET } from '../env-schema';

const USAGE = `Usage: npm run restore -- <file>            restore a backup into an empty database
       npm run restore -- --check <file>    only prove the file whole (checksums, end marker, seal)
  The target is DATABASE_URL (an empty PostgreSQL database) or, without it, DATA_DIR (./data: an
  empty or missing directory for PGlite). A backup from either database restores into either.
  The seal is checked with BACKUP_KEY or, without it, the key derived from OTP_SECRET: set the one
  the server that wrote the file had. A database that holds anything, a file that does not match
  its checksum or its seal, and data whose balances or bids break the money invariants are refused.`;

/** The server's own rule (env-schema.ts): OTP_SECRET falls back to the development default. */
const key = () =>
  backupKey({ BACKUP_KEY: process.env.BACKUP_KEY, OTP_SECRET: process.env.OTP_SECRET || DEV_OTP_SECRET });

async function main(argv: string[]): Promise<number> {
  const check = argv[0] === '--check';
  const file = check ? argv[1] : argv[0];
  if (!file || file.startsWith('-') || argv.length > (check ? 2 : 1)) {
    console.error(USAGE);
    return 2;
  }
  const started = performance.now();
  if (check) {
    const { header, trailer, fileSha256 } = await readBackup(file, key());
    const rows = Object.values(trailer.rows).reduce((a, b) => a + b, 0);
    console.error(
      `${file}: whole and sealed (sha256 ${fileSha256}); made ${header.createdAt} from ${header.source}, ` +
        `${header.tables.length} tables, ${rows} rows, schema at ${header.migrations.at(-1)?.name ?? 'none'}.`,
    );
    return 0;
  }
  const url = process.env.DATABASE_URL;
  if (url && !/^postgres(ql)?:\/\//.test(url)) {
    console.error('DATABASE_URL must start with postgres:// or postgresql://');
    return 2;
  }
  const dataDir = process.env.DATA_DIR || './data';
  const target = url ? 'the PostgreSQL database in DATABASE_URL' : `PGlite in ${dataDir}`;
  console.error(`Restoring ${file} into ${target}...`);
  const r = url ? await restoreIntoPostgres(file, url, key()) : await restoreIntoPglite(file, dataDir, key());
  console.error(
    `Restored ${r.rows} rows in ${r.tables} tables (backup of ${r.createdAt}, from ${r.source}) in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s; schema at ${r.migrations.at(-1)}. ` +
      'Start the server on it: it applies any newer migrations first.',
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      error instanceof BackupFileError ? error.message : `Restore failed: ${(error as Error).message}`,
    );
    process.exit(1);
  },
);
