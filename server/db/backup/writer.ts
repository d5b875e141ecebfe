import { createHash } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type BackupHeader, type BackupTrailer, HEADER_PREFIX, TRAILER_PREFIX } from './format';
import { sealOf } from './seal';

// The writing half of the backup file (format.ts describes it and reads it).

/**
 * Writes `<dir>/<name>.partial`, then renames it to `<name>` and writes `<name>.sha256` only once
 * everything is on disk, so a backup that stops half-way never looks finished.
 */
export class BackupWriter {
  readonly partial: string;
  private readonly content = createHash('sha256');
  private readonly fileHash = createHash('sha256');
  private bytes = 0;
  private readonly gzip = createGzip({ level: 3 });
  private readonly done: Promise<void>;
  private failed: Error | null = null;

  constructor(readonly path: string) {
    this.partial = `${path}.partial`;
    const counter = new Transform({
      transform: (chunk: Buffer, _enc, cb) => {
        this.fileHash.update(chunk);
        this.bytes += chunk.length;
        cb(null, chunk);
      },
    });
    this.done = pipeline(this.gzip, counter, createWriteStream(this.partial, { flags: 'wx' }));
    this.done.catch((error: Error) => {
      this.failed = error;
    });
  }

  async write(data: string | Uint8Array): Promise<void> {
    if (this.failed) throw this.failed;
    this.content.update(data);
    if (!this.gzip.write(data)) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          this.gzip.off('error', onError);
          resolve();
        };
        const onError = (error: Error) => {
          this.gzip.off('drain', onDrain);
          reject(error);
        };
        this.gzip.once('drain', onDrain);
        this.gzip.once('error', onError);
      });
    }
  }

  writeHeader(header: BackupHeader): Promise<void> {
    return this.write(
      `${HEADER_PREFIX}${JSON.stringify(header)}\n` +
        '-- Matka PWA backup: plain SQL, PostgreSQL COPY text format. Restore: npm run restore -- <file>\n' +
        "SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n" +
        "SET DateStyle = 'ISO';\nSET IntervalStyle = 'postgres';\nSET TimeZone = 'UTC';\n\n",
    );
  }

  /** Ends the file with its trailer, sealed with `key`; answers the compressed size and sha256. */
  async finish(
    trailer: Omit<BackupTrailer, 'sha256' | 'seal'>,
    key: Buffer,
  ): Promise<{ bytes: number; sha256: string }> {
    const content = { ...trailer, sha256: this.content.digest('hex') };
    const full: BackupTrailer = { ...content, seal: sealOf(key, content) };
    this.gzip.end(`${TRAILER_PREFIX}${JSON.stringify(full)}\n`);
    await this.done;
    const sha256 = this.fileHash.digest('hex');
    const name = this.path.split('/').pop() as string;
    await rename(this.partial, this.path);
    await writeFile(`${this.path}.sha256`, `${sha256}  ${name}\n`);
    return { bytes: this.bytes, sha256 };
  }

  abort(): void {
    this.gzip.destroy();
    rmSync(this.partial, { force: true });
  }
}
