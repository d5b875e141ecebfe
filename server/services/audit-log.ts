/**
 * The audit log's two writes, for http/audit.ts: the row written ahead of an operator write, and
 * its one completion (migration 008 allows exactly that) with the status and the resource after.
 * No rule sits between the middleware and the statements, so the service hands them on as they are.
 */
export { completeAuditRow, insertAuditRow, type NewAuditRow } from '../db/repositories/audit-log';
