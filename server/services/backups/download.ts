import { constants, type ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BACKUP_NAME_RE } from '../../db/backup/format';
import type { Deps } from '../../deps';
import { notFound } from '../errors';

/**
 * One backup file of BACKUP_DIR, opened for GET /admin/backups/{file}. Only a backup's own name
 * (matka-<time>.sql.gz) is looked up, so no other file of the folder (its .sha256, a .partial, a
 * staging copy) nor any path outside it can be named; the file is opened without following a
 * symbolic link and must be a plain file. Anything else is "Backup not found" (404), whatever the
 * reason, so the answer tells nothing about the disk.
 */
export async function openBackupFile(
  deps: Deps,
  file: string,
): Promise<{ stream: ReadStream; bytes: number }> {
  if (!BACKUP_NAME_RE.test(file)) throw notFound('Backup');
  const path = join(resolve(deps.env.BACKUP_DIR), file);
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (!handle) throw notFound('Backup');
  const stat = await handle.stat();
  if (!stat.isFile()) {
    await handle.close();
    throw notFound('Backup');
  }
  return { stream: handle.createReadStream(), bytes: stat.size };
}
