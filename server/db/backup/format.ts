/**
 * The backup file: gzip of a plain SQL script in pg_dump's data-only shape. A header comment
 * (what wrote it, the migrations the schema is at, the tables), a few SET lines, one
 * `COPY public.<table> (<columns>) FROM stdin;` section per table in PostgreSQL's COPY text format
 * (one row per line, ended by `\.`), `setval` lines for the sequences, and a last comment holding
 * the row counts, the sha256 of every byte before it and the seal over both (seal.ts: an HMAC with
 * the server's key, which no one without it can recompute). The same file restores into PGlite or
 * PostgreSQL; `gunzip -c f | psql` also loads it into a database migrated to the same level.
 * Beside the file, `<file>.sha256` holds the sha256 of the compressed file in sha256sum's format.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sealHolds } from './seal';

/** 2: sealed (issue 45). Format 1 had no seal and is refused. */
export const BACKUP_FORMAT = 2;
export const HEADER_PREFIX = '-- matka-backup ';
export const TRAILER_PREFIX = '-- matka-backup-end ';
/** Names `matka-20261127T203352123Z.sql.gz`: sortable, one per millisecond. */
export const BACKUP_NAME_RE = /^matka-\d{8}T\d{9}Z\.sql\.gz$/;

export interface BackupHeader {
  format: number;
  app: 'matka-pwa';
  createdAt: string;
  /** Where the data came from: 'pglite' or 'pg', and that server's version. */
  source: 'pglite' | 'pg';
  serverVersion: string;
  /** The schema level: every migration applied in the source, by number and file name. */
  migrations: Array<{ version: number; name: string }>;
  tables: Array<{ name: string; columns: string[] }>;
}

export interface BackupTrailer {
  rows: Record<string, number>;
  sequences: Record<string, { value: number; called: boolean }>;
  /** sha256 of every uncompressed byte before the trailer line. */
  sha256: string;
  /** HMAC-SHA256 with the server's backup key over sha256 and rows (seal.ts). */
  seal?: string;
}

export function backupFileName(at: Date): string {
  return `matka-${at.toISOString().replace(/[-:.]/g, '')}.sql.gz`;
}

/** A plain identifier as every table and column of the schema is (lower case, digits, _). */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected identifier ${JSON.stringify(name)}`);
  return name;
}

export function copyLine(table: string, columns: string[], direction: 'FROM stdin' | 'TO STDOUT') {
  return `COPY public.${ident(table)} (${columns.map(ident).join(', ')}) ${direction}`;
}

/** Counts the rows in COPY text data: one per newline (a newline inside a value is written \n). */
export function countLines(chunk: Uint8Array): number {
  let n = 0;
  const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

/** A thrown message the restore prints as it is. */
export class BackupFileError extends Error {}

const UNSEALED_BY_US = (path: string) =>
  `${path} does not carry this server's seal: it was changed after the backup (its checksums ` +
  'recomputed: anyone can do that), or it was sealed with another key. Restore refuses it. If it ' +
  'comes from this server, run the restore with the BACKUP_KEY (or, without one, the OTP_SECRET) ' +
  'the server had when it wrote the file.';

const UNSEALED = (path: string) =>
  `${path} was written before backups were sealed (format 1), so nothing proves it was not edited: ` +
  'this program restores sealed backups only. Restore it with the version that wrote it, start ' +
  'this version on it, and take a new backup.';

/** The sha256 recorded beside the file, when the `.sha256` file was copied along with it. */
export function recordedSha256(path: string): string | null {
  const side = `${path}.sha256`;
  if (!existsSync(side)) return null;
  const m = /^([0-9a-f]{64})\b/.exec(readFileSync(side, 'utf8').trim());
  if (!m) throw new BackupFileError(`${side} does not hold a sha256 checksum.`);
  return m[1] as string;
}

export interface SectionHandler {
  copyStart(table: string, columns: string[]): Promise<void>;
  /** Whole lines of COPY text data, in order. */
  copyData(data: Buffer): Promise<void>;
  copyEnd(table: string, rows: number): Promise<void>;
  setval(sequence: string, value: number, called: boolean): Promise<void>;
}

const COPY_RE = /^COPY public\.([a-z_][a-z0-9_]*) \(([a-z0-9_, ]+)\) FROM stdin;$/;
const SETVAL_RE = /^SELECT pg_catalog\.setval\('public\.([a-z_][a-z0-9_]*)', (-?\d+), (true|false)\);$/;
const TERMINATOR = Buffer.from('\\.');

/**
 * Reads a backup file from the start: the compressed bytes against `<file>.sha256` when present,
 * the content against the trailer's sha256, the trailer's seal against `key`, every COPY section
 * and setval line (passed to `handler`, when given) and nothing else. Throws BackupFileError
 * naming what is wrong.
 */
export async function readBackup(
  path: string,
  key: Buffer,
  handler?: SectionHandler,
): Promise<{ header: BackupHeader; trailer: BackupTrailer; fileSha256: string }> {
  if (!existsSync(path)) throw new BackupFileError(`No such backup file: ${path}`);
  const expectedFile = recordedSha256(path);
  if (expectedFile) {
    // The bytes first: a changed byte may otherwise surface as a strange line before the end.
    const whole = createHash('sha256');
    for await (const chunk of createReadStream(path)) whole.update(chunk as Buffer);
    const actual = whole.digest('hex');
    if (actual !== expectedFile) {
      throw new BackupFileError(
        `${path} does not match its checksum: ${path}.sha256 says ${expectedFile}, the file is ${actual}. ` +
          'It was changed or damaged after the backup; use another copy.',
      );
    }
  }
  const fileHash = createHash('sha256');
  const content = createHash('sha256');
  let header: BackupHeader | null = null;
  let trailerLine: string | null = null;
  let carry = Buffer.alloc(0);
  let copying: { table: string; rows: number } | null = null;
  const tables = new Map<string, string[]>();
  let lineNo = 0;
  const bad = (why: string) =>
    new BackupFileError(
      `${path} is damaged or is not a backup this program can read (line ${lineNo}: ${why}).`,
    );

  const sqlLine = async (line: string) => {
    lineNo++;
    if (header === null) {
      if (!line.startsWith(HEADER_PREFIX)) throw bad('no matka-backup header');
      try {
        header = JSON.parse(line.slice(HEADER_PREFIX.length)) as BackupHeader;
      } catch {
        throw bad('the header is not JSON');
      }
      if (header.app === 'matka-pwa' && header.format === 1) throw new BackupFileError(UNSEALED(path));
      if (header.app !== 'matka-pwa' || header.format !== BACKUP_FORMAT) throw bad('unknown format');
      for (const t of header.tables) tables.set(t.name, t.columns);
      return;
    }
    if (line === '' || line.startsWith('SET ') || (line.startsWith('--') && !line.startsWith(TRAILER_PREFIX)))
      return;
    const copy = COPY_RE.exec(line);
    if (copy) {
      const [, table, cols] = copy as unknown as [string, string, string];
      const columns = cols.split(', ');
      if (tables.get(table)?.join(',') !== columns.join(',')) throw bad(`COPY of ${table} not in the header`);
      copying = { table, rows: 0 };
      await handler?.copyStart(table, columns);
      return;
    }
    const setval = SETVAL_RE.exec(line);
    if (setval) {
      await handler?.setval(setval[1] as string, Number(setval[2]), setval[3] === 'true');
      return;
    }
    throw bad('unexpected line');
  };

  /** Consumes complete lines of `buf`; answers the incomplete rest. */
  const consume = async (buf: Buffer): Promise<Buffer> => {
    let pos = 0;
    while (pos < buf.length) {
      if (copying) {
        // Rows until the `\.` line go to the handler in one slice.
        const start = pos;
        let end = -1;
        let next = pos;
        let rows = 0;
        for (;;) {
          const nl = buf.indexOf(10, next);
          if (nl === -1) break;
          if (nl - next === 2 && buf[next] === TERMINATOR[0] && buf[next + 1] === TERMINATOR[1]) {
            end = next;
            next = nl + 1;
            break;
          }
          rows++;
          next = nl + 1;
        }
        const dataEnd = end === -1 ? next : end;
        if (dataEnd > start) {
          content.update(buf.subarray(start, dataEnd));
          await handler?.copyData(buf.subarray(start, dataEnd));
        }
        copying.rows += rows;
        lineNo += rows;
        if (end === -1) return buf.subarray(next);
        content.update(buf.subarray(end, next));
        lineNo++;
        const done = copying;
        copying = null;
        await handler?.copyEnd(done.table, done.rows);
        pos = next;
        continue;
      }
      const nl = buf.indexOf(10, pos);
      if (nl === -1) return buf.subarray(pos);
      const line = buf.toString('utf8', pos, nl);
      const lineStart = pos;
      pos = nl + 1;
      if (line.startsWith(TRAILER_PREFIX)) {
        if (pos !== buf.length) throw bad('data after the end marker');
        trailerLine = line;
        return Buffer.alloc(0);
      }
      content.update(buf.subarray(lineStart, pos));
      await sqlLine(line);
    }
    return Buffer.alloc(0);
  };

  const hashed = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      fileHash.update(chunk);
      cb(null, chunk);
    },
  });
  const gunzip = createGunzip();
  const source = createReadStream(path).pipe(hashed).pipe(gunzip);
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (trailerLine !== null) throw bad('data after the end marker');
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const rest = await consume(buf);
      carry = Buffer.from(rest);
    }
  } catch (error) {
    // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR...) mean the bytes are bad; anything else (the
    // handler's database) is not the file's fault and goes up as it is.
    const code = (error as { code?: unknown }).code;
    if (error instanceof BackupFileError || typeof code !== 'string' || !code.startsWith('Z_')) throw error;
    throw new BackupFileError(
      `${path} is damaged or cut short (${(error as Error).message}); it cannot be restored.`,
    );
  }
  const fileSha256 = fileHash.digest('hex');
  if (expectedFile && expectedFile !== fileSha256) {
    throw new BackupFileError(
      `${path} does not match its checksum: ${path}.sha256 says ${expectedFile}, the file is ${fileSha256}. ` +
        'It was changed or damaged after the backup; use another copy.',
    );
  }
  if (carry.length > 0 || trailerLine === null || header === null) {
    throw new BackupFileError(`${path} is incomplete (no end marker): the backup was cut short.`);
  }
  const trailer = JSON.parse((trailerLine as string).slice(TRAILER_PREFIX.length)) as BackupTrailer;
  const contentSha = content.digest('hex');
  if (trailer.sha256 !== contentSha) {
    throw new BackupFileError(
      `${path} does not match the checksum the backup recorded (${trailer.sha256}, content ${contentSha}): ` +
        'it was changed or damaged after the backup; use another copy.',
    );
  }
  if (!sealHolds(key, trailer)) throw new BackupFileError(UNSEALED_BY_US(path));
  return { header, trailer, fileSha256 };
}
