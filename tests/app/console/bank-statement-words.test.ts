import { describe, expect, it } from 'vitest';
import { type AuditEntry, auditSentence } from '../../../src/admin/audit-words';
import { uploadSummary } from '../../../src/admin/bank-statements/upload';
import { adviceFor, closedText, KIND_ADVICE } from '../../../src/admin/bank-statements/words';
import type { ReconciliationException, StatementUpload } from '../../../src/admin/types';

// The Bank statements screen and the audit log say what an upload and a resolve did, in words.

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  _id: '1',
  at: '2026-11-28T04:00:00Z',
  username: 'owner',
  role: 'owner',
  method: 'POST',
  route: '/api/v1/admin/bank-statements',
  path: '/api/v1/admin/bank-statements',
  status: 201,
  request: { file: { contentType: 'text/csv', bytes: 1861, sha256: 'ab' } },
  before: null,
  after: null,
  clientAddress: '10.0.0.1',
  adminId: 'a1',
  requestId: 'r1',
  action: 'statement-upload',
  ...over,
});
/** An owner's resolve of an exception of `kind` about `day`, as the audit log keeps it. */
const resolveEntry = (kind: string, day: string, note: string) =>
  entry({
    route: '/api/v1/admin/reconciliation/exceptions/:id/resolve',
    path: '/api/v1/admin/reconciliation/exceptions/e1/resolve',
    status: 200,
    action: 'exception-resolve',
    request: { note },
    before: { kind, day, status: 'open' },
    after: { kind, day, status: 'resolved' },
  });
const upload: StatementUpload = {
  _id: 's1',
  bank: 'HDFC',
  from: '2026-11-27',
  to: '2026-11-28',
  rows: 214,
  credits: 180,
  debits: 34,
  creditTotal: 120_450.37,
  debitTotal: 15_200,
  newRows: 214,
  fileType: 'csv',
  uploadedAt: '2026-11-28T04:00:00Z',
  duplicate: false,
  opened: 1,
  closed: 0,
};

describe('bank statements in words', () => {
  it('an upload, as the screen sums it up', () => {
    expect(uploadSummary(upload)).toBe(
      'HDFC statement, 27 Nov to 28 Nov. 214 lines: 180 credits (₹1,20,450.37), 34 debits (₹15,200); all new. 1 new exception.',
    );
    expect(
      uploadSummary({ ...upload, rows: 1, credits: 1, debits: 0, debitTotal: 0, newRows: 0, opened: 0 }),
    ).toBe(
      'HDFC statement, 27 Nov to 28 Nov. 1 line: 1 credit (₹1,20,450.37), 0 debits (₹0); 0 new, the rest seen in an earlier statement. Nothing new to look at.',
    );
    expect(uploadSummary({ ...upload, duplicate: true })).toBe(
      'This HDFC statement (27 Nov to 28 Nov) was uploaded before: nothing changed.',
    );
  });

  it('the audit log: an upload and a resolve', () => {
    expect(auditSentence(entry({ after: upload }))).toBe(
      'Uploaded the HDFC bank statement of 27 Nov to 28 Nov: 214 lines, 1 new exception',
    );
    expect(
      auditSentence(resolveEntry('credited-not-in-statement', '2026-11-26', 'Forged SMS: amount taken back')),
    ).toBe('Resolved "Credited, but not in the bank statement" of 26 Nov: "Forged SMS: amount taken back"');
  });
});

describe('a paid withdrawal checked against the bank, in words', () => {
  const exception = (over: Partial<ReconciliationException>): ReconciliationException => ({
    _id: 'e1',
    kind: 'payout-not-in-statement',
    amount: 2000,
    utr: '633210000002',
    withdrawalId: 'w1',
    detail:
      '₹2,000 paid to Asha Rao (98765 00002) on 28 Nov, 3:10 PM with UTR 633210000002: no statement shows this debit',
    day: '2026-11-28',
    since: '2026-11-30T04:00:00Z',
    status: 'open',
    ...over,
  });

  it("a payout's card says what to do, and what closed it", () => {
    expect(adviceFor(exception({}))).toMatch(
      /^Look for this UTR in the bank app\. .*still waiting for the money/,
    );
    // A payout's amount that differs is about paying the player, not about a wallet credit.
    expect(adviceFor(exception({ kind: 'amount-mismatch' }))).toMatch(
      /^Check the payment .* Paid less: pay the player the rest/,
    );
    expect(adviceFor(exception({ kind: 'statement-credit-uncredited' }))).toMatch(
      /the player has not been paid/,
    );
    expect(adviceFor(exception({ kind: 'amount-mismatch', withdrawalId: undefined, fundId: 'f1' }))).toBe(
      KIND_ADVICE['amount-mismatch'],
    );
    const closed = {
      status: 'resolved' as const,
      closedBy: 'statement' as const,
      resolvedAt: '2026-12-01T04:00:00Z',
    };
    expect(closedText(exception(closed))).toMatch(
      /^Closed by itself .*: a later statement shows this payout$/,
    );
    expect(
      closedText(exception({ ...closed, kind: 'credited-not-in-statement', withdrawalId: undefined })),
    ).toMatch(/a later statement shows this credit$/);
  });

  it('the audit log names a resolved payout exception', () => {
    expect(
      auditSentence(
        resolveEntry('payout-not-in-statement', '2026-11-28', 'Paid under UTR 633210000012: typo'),
      ),
    ).toBe(
      'Resolved "Paid out, but not in the bank statement" of 28 Nov: "Paid under UTR 633210000012: typo"',
    );
  });
});
