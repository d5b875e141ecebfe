import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { z } from 'zod';
import { BackupScheduleSchema, BackupSchema } from '../../src/contracts/backups';
import { admin } from '../http/auth';
import { SOCKET_IDLE_TIMEOUT_MS } from '../http/connections';
import { ok } from '../http/envelope';
import { createRouter } from '../http/router';
import { openBackupFile } from '../services/backups/download';
import { backupSchedule, listBackups, runBackup } from '../services/backups/run';

/**
 * Backups (owners): write one now, list them, download one, and the schedule with its last result.
 * A backup is one consistent file in BACKUP_DIR written while the server keeps serving
 * (db/backup/dump.ts), sealed with the server's key (db/backup/seal.ts).
 */
export function backupRoutes() {
  const r = createRouter('/api/v1/admin', 'Backups (owner)');
  r.post(
    '/backups',
    {
      summary: 'Write a backup of the whole database now (answers when the file is complete)',
      auth: 'owner',
      response: BackupSchema,
    },
    async (c) => {
      const release = holdOpen(c);
      try {
        const backup = await runBackup(c.get('deps'), { trigger: 'manual', requestedBy: admin(c).adminId });
        return ok(c, backup, 'Backup written', 201);
      } finally {
        release();
      }
    },
  );
  r.get(
    '/backups',
    { summary: 'Finished backups, newest first', auth: 'owner', response: z.array(BackupSchema) },
    async (c) => ok(c, await listBackups(c.get('deps'))),
  );
  r.get(
    '/backups/schedule',
    {
      summary: 'The backup schedule, a backup in progress and the last scheduled result',
      auth: 'owner',
      response: BackupScheduleSchema,
    },
    async (c) => ok(c, await backupSchedule(c.get('deps'))),
  );
  // After /backups/schedule: a name that is not a backup's is a 404 here, never another route.
  r.get(
    '/backups/:file',
    {
      summary: 'Download one backup file of BACKUP_DIR (application/gzip, streamed; audited)',
      auth: 'owner',
      audited: true,
    },
    async (c, { params }) => {
      const file = params.file ?? '';
      const { stream, bytes } = await openBackupFile(c.get('deps'), file);
      return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
        'Content-Type': 'application/gzip',
        'Content-Length': String(bytes),
        'Content-Disposition': `attachment; filename="${file}"`,
      });
    },
  );
  return r;
}

/**
 * A large backup takes minutes, and the connection waiting for its answer sends nothing meanwhile:
 * the idle backstop (http/connections.ts) would close it. It is lifted for this request only.
 */
function holdOpen(c: Context): () => void {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  if (!socket) return () => {};
  socket.setTimeout(0);
  return () => socket.setTimeout(SOCKET_IDLE_TIMEOUT_MS);
}
