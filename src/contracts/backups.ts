import { z } from './zod';

/** One finished backup: `file` is its name inside BACKUP_DIR on `host`; sha256 of the file. */
export const BackupSchema = z.object({
  _id: z.string(),
  file: z.string(),
  bytes: z.number(),
  sha256: z.string(),
  createdAt: z.string(),
  trigger: z.enum(['manual', 'scheduled']),
  host: z.string(),
  /** The file is still in BACKUP_DIR as this process sees it (false: pruned or moved by hand). */
  present: z.boolean(),
});
export type Backup = z.infer<typeof BackupSchema>;

/** A backup attempt as the schedule sees it, whatever its outcome. */
export const BackupRunSchema = z.object({
  _id: z.string(),
  trigger: z.enum(['manual', 'scheduled']),
  status: z.enum(['running', 'done', 'failed']),
  file: z.string().nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BackupRun = z.infer<typeof BackupRunSchema>;

/** GET /admin/backups/schedule: the schedule, what runs now, the last scheduled result. */
export const BackupScheduleSchema = z.object({
  everyHours: z.number().nullable(),
  keep: z.number(),
  dir: z.string(),
  running: BackupRunSchema.nullable(),
  lastScheduled: BackupRunSchema.nullable(),
  /** When the newest finished backup (of either kind) was written. */
  lastBackupAt: z.string().nullable(),
  /** A schedule is set and the newest backup is older than it (or none was ever written). */
  overdue: z.boolean(),
});
export type BackupSchedule = z.infer<typeof BackupScheduleSchema>;
