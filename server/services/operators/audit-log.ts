import { findSignInSubject } from '../../db/repositories/admins';
import type { Queryable } from '../../db/types';
import { hashToken } from '../auth/token-hash';

/**
 * The audit log's two writes, for http/audit.ts: the row written ahead of an operator write, and
 * its one completion (migration 008 allows exactly that) with the status and the resource after.
 * No rule sits between the middleware and the statements, so the service hands them on as they are.
 */
export { completeAuditRow, insertAuditRow, type NewAuditRow } from '../../db/repositories/audit-log';

/** The operator a sign-in attempt was for (by the typed username, or the second step's challenge). */
export async function signInSubject(q: Queryable, by: { username: string } | { challenge: string }) {
  return findSignInSubject(q, 'username' in by ? by : { challengeHash: hashToken(by.challenge) });
}
