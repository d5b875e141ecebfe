import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { z } from 'zod';
import { BackupScheduleSchema, BackupSchema } from '../../src/contracts/backups';
import { admin } from '../http/auth';
import { SOCKET_IDLE_TIMEOUT_MS } from '../http/connections';
import { ok } from '../http/envelope';
import { createRouter } from '../http/router';
import { backupSchedule, listBackups, runBackup } from '../services/backups/run';

/**
 * Backups (owners): write one now, list them, and the schedule with its last result. A backup is
 * one consistent file in BACKUP_DIR written while the server keeps serving (db/backup/dump.ts).
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
