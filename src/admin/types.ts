// The console's answers, typed from the schemas the server answers with (src/contracts), so a
// change to an answer is a type error here rather than a surprise on a screen. Type imports only:
// no zod reaches the console's bundle from this file.
import type { AdminLoginAnswerSchema, TwoFactorSetupSchema } from '../contracts/auth';
import type { OperatorMeSchema, WaitingChangeSchema } from '../contracts/operators';
import type { DeclareAnswerSchema, ResultPreviewSchema } from '../contracts/results';
import type { PlayerActivitySchema, TodayActivitySchema } from '../contracts/user';
import type { LedgerEntrySchema } from '../contracts/wallet';
import type { z } from '../contracts/zod';

export type { SmsOutboxItem } from '../contracts/auth';
export type { Backup, BackupRun, BackupSchedule } from '../contracts/backups';
export type { BankStatement, ReconciliationException, StatementUpload } from '../contracts/bank-statements';
export type { Winner } from '../contracts/bids';
export type { Family } from '../contracts/common';
export type { DeskContext } from '../contracts/desk';
export type { FundRequest } from '../contracts/funds';
export type { DaySchedule, GaliGame, MainGame, StarlineGame } from '../contracts/games';
export type { PushOutboxItem } from '../contracts/notifications';
export type { AuditEntry, Operator, OperatorSession } from '../contracts/operators';
export type { ForwarderHealth, PaymentNotification } from '../contracts/payment-notifications';
export type { PayoutResultRow, PayoutResults } from '../contracts/payouts';
export type { PnlReport, PnlRow, Watchdog, WatchdogFinding } from '../contracts/reports';
export type { LimitsState, ResponsiblePlayReport } from '../contracts/responsible-play';
export type { ChartImportAnswer, ResultReport, ResultSource } from '../contracts/result-feeds';
export type { GaliResult, MainResult, StarlineResult } from '../contracts/results';
export type { RiskFlag } from '../contracts/risk';
export type { ResponsiblePlayHelp, ServerConfig } from '../contracts/settings';
export type { DashboardStats, PlayerRow, User } from '../contracts/user';
export type { Waiting } from '../contracts/waiting';
export type { Withdrawal } from '../contracts/withdrawals';

/** An operator change waiting for a second owner (GET /admin/operators, `waiting`). */
export type WaitingChange = z.infer<typeof WaitingChangeSchema>;
/** GET /admin/me: the signed-in operator; screens hide what the role may not do. */
export type Me = z.infer<typeof OperatorMeSchema>;
/** POST /admin/login and /admin/login/2fa: a token, or a two-factor challenge to answer first. */
export type AdminLoginAnswer = z.infer<typeof AdminLoginAnswerSchema>;
/** POST /admin/2fa/setup. */
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;
/** GET /admin/results/preview. */
export type ResultPreview = z.infer<typeof ResultPreviewSchema>;
/** POST /admin/results/{family}. */
export type DeclareAnswer = z.infer<typeof DeclareAnswerSchema>;
/** GET /admin/dashboard/today. */
export type TodayActivity = z.infer<typeof TodayActivitySchema>;
/** GET /admin/users/{id}/activity. */
export type PlayerActivity = z.infer<typeof PlayerActivitySchema>;
/** GET /admin/users/{id}/ledger. */
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/**
 * DELETE /admin/results/{family}/{id} (server/routes/results-admin.ts). The route declares no
 * response schema, so this one is written out; add it to src/contracts/results.ts to type it there.
 */
export type RevertAnswer = { reverted: { bids: number; winners: number; totalWinAmount: number } };
