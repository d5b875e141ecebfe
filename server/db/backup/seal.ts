import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A checksum anyone can recompute proves nothing against an edit (decompress, change a balance,
 * recompute the trailer's sha256 and the .sha256 file, compress). So each backup's trailer also
 * carries a seal: an HMAC-SHA256, with a key only the server holds, over the content's sha256 (which
 * covers every byte before the trailer: the header, every row, every sequence) and the trailer's
 * row counts. Restore refuses a file whose seal does not verify with the key it is given.
 */

/** What of a trailer (format.ts BackupTrailer) the seal covers and where it sits. */
interface Trailer {
  rows: Record<string, number>;
  sha256: string;
  seal?: string;
}

/** Names what the HMAC is for, so the key derived from OTP_SECRET is used for nothing else. */
const PURPOSE = 'matka-backup-seal/1';

/**
 * The sealing key: BACKUP_KEY when set, else one derived from OTP_SECRET (an HMAC of it, never the
 * secret itself). The server seals with it; `npm run restore` needs the same setting.
 * @example backupKey({ OTP_SECRET: 'dev-only-otp-secret-change-me' }).length // 32
 */
export function backupKey(env: { BACKUP_KEY?: string | undefined; OTP_SECRET: string }): Buffer {
  if (env.BACKUP_KEY) return Buffer.from(env.BACKUP_KEY, 'utf8');
  return createHmac('sha256', env.OTP_SECRET).update(PURPOSE).digest();
}

/** The sealed text: the purpose, the content's sha256 and the row counts in table order. */
function sealed(trailer: Trailer): string {
  const rows = Object.keys(trailer.rows)
    .sort()
    .map((table) => `${table}=${trailer.rows[table]}`);
  return [PURPOSE, trailer.sha256, ...rows].join('\n');
}

/** The seal of a trailer (hex). */
export function sealOf(key: Buffer, trailer: Trailer): string {
  return createHmac('sha256', key).update(sealed(trailer)).digest('hex');
}

/** Whether the trailer's seal is the one `key` makes (compared in constant time). */
export function sealHolds(key: Buffer, trailer: Trailer): boolean {
  if (typeof trailer.seal !== 'string' || !/^[0-9a-f]{64}$/.test(trailer.seal)) return false;
  return timingSafeEqual(Buffer.from(sealOf(key, trailer), 'hex'), Buffer.from(trailer.seal, 'hex'));
}
