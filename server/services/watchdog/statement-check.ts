import { openExceptionsForWatchdog } from '../../db/repositories/reconciliation';
import type { NewFinding } from '../../db/repositories/watchdog';
import type { Queryable } from '../../db/types';

/** Open exceptions reported one by one; more become one "N more" finding. */
export const STATEMENT_FINDINGS = 25;

/**
 * The findings of the `statement-exception` check (checks.ts): each open reconciliation exception
 * of bank statements and credited UPI deposits (issue 44) is one, in its own words, until an owner
 * or a later statement or credit closes it (server/services/reconciliation).
 */
export async function statementExceptionFindings(q: Queryable): Promise<Array<Omit<NewFinding, 'severity'>>> {
  const { rows, total } = await openExceptionsForWatchdog(q, STATEMENT_FINDINGS);
  const findings: Array<Omit<NewFinding, 'severity'>> = rows.map((e) => ({
    key: `statement-exception:${e.id}`,
    detail: e.detail,
    evidence: {
      exceptionId: e.id,
      exceptionKind: e.kind,
      utr: e.utr,
      amount: Number(e.amount_paise) / 100,
      day: e.day,
    },
  }));
  if (total > rows.length) {
    findings.push({
      key: 'statement-exception:more',
      detail: `${total - rows.length} more bank statement exceptions are open: see the Bank statements screen`,
      evidence: { open: total },
    });
  }
  return findings;
}
