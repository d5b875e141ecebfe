import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shortDiff } from '../../../src/admin/audit-diff';
import { type AuditEntry, auditSentence } from '../../../src/admin/audit-words';
import { payeeText, phoneText, playerText } from '../../../src/admin/words';

const RAVI = { _id: 'u1', name: 'Ravi', phone: '9876543210' };
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  _id: '1',
  at: '2026-11-25T10:00:00Z',
  username: 'desk',
  role: 'staff',
  method: 'POST',
  route: '/api/v1/admin/withdrawals/:id/approve',
  path: '/api/v1/admin/withdrawals/w1/approve',
  status: 200,
  request: null,
  before: null,
  after: null,
  clientAddress: '10.0.0.1',
  adminId: null,
  requestId: 'r1',
  action: 'withdrawal-approve',
  ...over,
});
const WITHDRAWAL = {
  _id: 'w1',
  amount: 120,
  method: 'phonepe',
  methodDetails: { phoneNumber: '9302101538' },
  status: 'approved',
  user: RAVI,
};

// Days read "25 Nov" within their year (words.ts dayText): the tests' year is 2026.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T06:00:00Z'));
});
afterAll(() => vi.useRealTimers());

describe('the audit log in words', () => {
  it.each([
    [
      entry({
        username: 'feed',
        role: 'feed',
        method: 'FEED',
        action: 'result-declare',
        route: '/api/v1/admin/results/main',
        path: '/api/results/feed',
        request: {
          gameId: 'g1',
          resultDate: '2026-11-20',
          session: 'open',
          panna: '128',
          sources: ['A', 'B'],
        },
        after: {
          result: { gameName: 'KALYAN' },
          settlement: { winners: 3, totalWinAmount: 285 },
          declaredBy: 'feed',
          sources: ['A', 'B'],
        },
      }),
      'Declared 128 for KALYAN (Open) on 20 Nov: 3 winners, ₹285 paid, declared by feed (A, B)',
    ],
    [
      entry({
        method: 'PATCH',
        action: 'result-source-change',
        route: '/api/v1/admin/result-sources/:id',
        request: { url: 'https://b.example/r.json' },
        before: { name: 'SITE', url: 'https://a.example/r.json', enabled: true },
        after: { name: 'SITE', url: 'https://b.example/r.json', enabled: true },
      }),
      'Changed the address of result source SITE from https://a.example/r.json to https://b.example/r.json',
    ],
    [
      entry({
        action: 'chart-history',
        route: '/api/v1/admin/charts/import',
        request: {
          query: { gameId: 'g1', dryRun: 'false' },
          file: { contentType: 'text/csv', bytes: 80300 },
        },
        after: { added: 3650, unchanged: 0 },
      }),
      'Imported a chart file (78 KB): 3,650 days added',
    ],
    [
      entry({
        method: 'GET',
        action: 'data-export',
        route: '/api/v1/admin/exports/ledger.csv',
        path: '/api/v1/admin/exports/ledger.csv',
        request: { from: '2026-11-01', to: '2026-11-30' },
      }),
      'Exported ledger of 1 Nov to 30 Nov (CSV)',
    ],
    [entry({ after: WITHDRAWAL }), 'Approved ₹120 to PhonePe 93021 01538 for Ravi (98765 43210)'],
    // Withdrawals paid with proof (issue 48): the UTR on the approval, given later, the batch.
    [
      entry({ request: { utr: '433212345678' }, after: { ...WITHDRAWAL, payoutUtr: '433212345678' } }),
      'Approved ₹120 to PhonePe 93021 01538 for Ravi (98765 43210) (UTR 433212345678)',
    ],
    [
      entry({
        action: 'withdrawal-payout',
        route: '/api/v1/admin/withdrawals/:id/payout',
        path: '/api/v1/admin/withdrawals/w1/payout',
        request: { utr: '433212345678' },
        after: { ...WITHDRAWAL, payoutUtr: '433212345678' },
      }),
      'Added UTR 433212345678 to the ₹120 paid to PhonePe 93021 01538 for Ravi (98765 43210)',
    ],
    [
      entry({
        action: 'withdrawal-payout',
        route: '/api/v1/admin/payouts/results',
        path: '/api/v1/admin/payouts/results',
        after: {
          dryRun: true,
          paid: 3,
          failed: 1,
          unchanged: 1,
          waiting: 1,
          problems: [
            { line: 4, reason: 'Already paid with this UTR' },
            { line: 7, reason: 'The reference is empty' },
          ],
        },
      }),
      'Checked a bank answer without applying it: 3 paid, 1 failed and refunded, 1 waiting for a second owner, 1 unchanged, 1 line with problems',
    ],
    [
      entry({
        method: 'GET',
        action: 'data-export',
        route: '/api/v1/admin/payouts.csv',
        path: '/api/v1/admin/payouts.csv',
        request: { status: 'pending' },
      }),
      'Exported the payout batch for the bank (CSV)',
    ],
    [
      entry({
        action: 'withdrawal-reject',
        request: { reason: 'Name does not match' },
        after: { ...WITHDRAWAL, status: 'rejected' },
      }),
      'Rejected ₹120 to PhonePe 93021 01538 for Ravi (98765 43210) and refunded it: "Name does not match"',
    ],
    [
      entry({
        action: 'wallet-adjust',
        request: { type: 'credit', amount: 25, description: 'Bonus' },
        before: RAVI,
        after: RAVI,
      }),
      'Credited ₹25 to Ravi (98765 43210): "Bonus"',
    ],
    [
      entry({
        action: 'wallet-adjust',
        path: '/api/v1/admin/users/u1/wallet',
        status: 202,
        request: { type: 'debit', amount: 25, description: 'Duplicate credit' },
        before: RAVI,
        after: RAVI,
      }),
      'Asked to debit ₹25 from Ravi (98765 43210): "Duplicate credit"',
    ],
    [
      entry({
        action: 'wallet-adjust',
        path: '/api/v1/admin/wallet-adjustments/a1/approve',
        request: {},
        before: { type: 'credit', amount: 25, user: RAVI, requestedBy: 'asha', status: 'pending' },
        after: { type: 'credit', amount: 25, user: RAVI, requestedBy: 'asha', status: 'applied' },
      }),
      'Applied the credit of ₹25 to Ravi (98765 43210) asked by asha',
    ],
    [
      entry({ action: 'player-change', method: 'PATCH', request: { isBlocked: true }, before: RAVI }),
      'Blocked Ravi (98765 43210)',
    ],
    [
      entry({
        action: 'result-declare',
        request: { gameId: 'g', resultDate: '2026-11-25', session: 'open', panna: '123' },
        after: { result: { gameName: 'KALYAN' }, settlement: { winners: 1, totalWinAmount: 950 } },
      }),
      'Declared 123 for KALYAN (Open) on 25 Nov: 1 winner, ₹950 paid',
    ],
    [
      entry({
        action: 'result-revert',
        method: 'DELETE',
        route: '/api/v1/admin/results/:family/:id',
        path: '/api/v1/admin/results/main/r1',
        request: { reason: 'Typed the wrong panna' },
        before: { _id: 'r1', gameName: 'KALYAN', resultDate: '2025-12-31' },
        after: { result: { _id: 'r1' }, reverted: { bids: 1, winners: 1, totalWinAmount: 950 } },
      }),
      'Reverted KALYAN\'s result of 31 Dec 2025: 1 bid back to pending, ₹950 taken back ("Typed the wrong panna")',
    ],
    // Four eyes in words (issue 49): the first approval of a large withdrawal waits.
    [
      entry({
        status: 202,
        before: { ...WITHDRAWAL, status: 'pending' },
        after: { ...WITHDRAWAL, status: 'pending' },
      }),
      'Approved ₹120 to PhonePe 93021 01538 for Ravi (98765 43210) first (waits for a second operator)',
    ],
    // A bank message matched by hand (issue 49): the player and the amounts, never an id.
    [
      entry({
        action: 'payment-match',
        route: '/api/v1/admin/payment-notifications/:id/match',
        status: 202,
        request: { fundId: '3f0c8a4e-1111-4222-8333-944455556666' },
        before: { _id: 'n1', amount: 999, outcome: 'unmatched' },
        after: {
          _id: 'n1',
          amount: 999,
          outcome: 'unmatched',
          fund: { amount: 1000.52, user: { name: 'रमेश पाटिल', phone: '9876543210' } },
        },
      }),
      "Matched the ₹999 message to रमेश पाटिल's request of ₹1,000.52 (waits for an owner)",
    ],
    [
      entry({
        action: 'payment-match',
        route: '/api/v1/admin/payment-notifications/:id/approve',
        before: {
          amount: 999,
          outcome: 'unmatched',
          fund: { amount: 1000.52, user: { name: 'रमेश पाटिल', phone: '9876543210' } },
        },
        after: {
          amount: 999,
          outcome: 'matched',
          fund: { amount: 999, user: { name: 'रमेश पाटिल', phone: '9876543210' } },
        },
      }),
      "Approved the match of the ₹999 message to रमेश पाटिल's request of ₹1,000.52: ₹999 credited",
    ],
    [
      entry({
        action: 'payment-match',
        route: '/api/v1/admin/payment-notifications/:id/match',
        after: {
          amount: 300.37,
          outcome: 'matched',
          fund: { amount: 300.37, user: { name: 'Asha', phone: '9876543210' } },
        },
      }),
      "Matched the ₹300.37 message to Asha's request and credited it",
    ],
    [
      entry({
        action: 'risk-clear',
        request: { note: 'Brothers', referral: 'pay' },
        after: { kind: 'referral-shared' },
      }),
      'Cleared the flag "Referral bonus held: same device or network" and paid the held bonus: "Brothers"',
    ],
    [entry({ status: 409, after: null }), 'Refused (409): Withdrawal approved'],
    // Never a raw method and path (issue 39): the SMS outbox, sign-ins, and anything else in words.
    [
      entry({
        action: 'sms-read',
        method: 'GET',
        route: '/api/v1/admin/sms-outbox',
        request: { phone: '9876543210' },
      }),
      'Read the SMS outbox for 98765 43210',
    ],
    [
      entry({
        action: 'market-change',
        method: 'PUT',
        route: '/api/v1/admin/main-games/:id',
        request: { currentMarketStatus: false },
        before: { gameName: 'KALYAN' },
      }),
      'Closed market KALYAN until reopened',
    ],
    [
      entry({
        action: 'content-change',
        method: 'POST',
        route: '/api/v1/admin/notices',
        after: { title: 'Diwali timings' },
      }),
      'Added a notice "Diwali timings"',
    ],
    [
      entry({
        action: null,
        method: 'PUT',
        route: '/api/v1/admin/some-new-thing',
        path: '/api/v1/admin/some-new-thing',
      }),
      'Changed some new thing',
    ],
  ])('%#: %s', (e, text) => {
    expect(auditSentence(e)).toBe(text);
  });

  it('diffs the fields that changed, and the balance beside a request', () => {
    expect(
      shortDiff(
        { ...WITHDRAWAL, status: 'pending', desk: { balance: 880 } },
        { ...WITHDRAWAL, status: 'rejected', reason: 'x', desk: { balance: 1000 } },
      ),
    ).toEqual([
      ['Status', 'Pending', 'Rejected'],
      ['Reason', 'none', 'x'],
      ['Balance', '₹880', '₹1,000'],
    ]);
    expect(shortDiff(null, WITHDRAWAL)).toEqual([]);
  });

  it('never shows raw JSON or ids in the diff; money as money, fields in words', () => {
    const diff = shortDiff(
      {
        amount: 120,
        methodDetails: { phoneNumber: '9302101538' },
        matchedBy: null,
        decidedBy: null,
        fundId: 'a',
        payoutUtr: null,
        isActive: false,
      },
      {
        amount: 150,
        methodDetails: { phoneNumber: '9302101539' },
        matchedBy: '3f0c8a4e-1111-4222-8333-944455556666',
        decidedBy: 'asha',
        fundId: 'b',
        payoutUtr: '433212345678',
        isActive: true,
      },
    );
    expect(diff).toEqual([
      ['Amount', '₹120', '₹150'],
      ['Decided by', 'none', 'asha'],
      ['UTR', 'none', '433212345678'],
      ['Switched on', 'no', 'yes'],
    ]);
    expect(JSON.stringify(diff)).not.toMatch(/[{}]|3f0c8a4e/);
  });

  it('writes phones, players and payees as people read them', () => {
    expect(phoneText('9876543210')).toBe('98765 43210');
    expect(playerText({ name: 'Asha' })).toBe('Asha');
    expect(playerText(null)).toBe('a player');
    expect(
      payeeText('bank', {
        accountHolderName: 'Asha Rao',
        accountNumber: '123456789012',
        ifscCode: 'SBIN0001234',
        bankName: 'SBI',
      }),
    ).toBe('Bank: Asha Rao, a/c 123456789012, IFSC SBIN0001234 (SBI)');
  });
});

describe('operator changes and sign-ins in words (issue 34)', () => {
  const op = (over: Partial<AuditEntry>) =>
    entry({ action: 'operator-change', route: '/api/v1/admin/operators/:id', method: 'PATCH', ...over });
  it.each([
    [
      op({
        method: 'POST',
        route: '/api/v1/admin/operators',
        status: 202,
        request: { username: 'desk.2', role: 'staff' },
      }),
      'Asked to add staff operator desk.2 (waits for a second owner)',
    ],
    [
      op({ status: 202, request: { role: 'owner' }, before: { username: 'desk.2' } }),
      'Asked to make desk.2 an owner (waits for a second owner)',
    ],
    [
      op({ status: 202, request: { isActive: true }, before: { username: 'desk.2' } }),
      'Asked to switch desk.2 back on (waits for a second owner)',
    ],
    [
      op({
        route: '/api/v1/admin/operators/:id/password',
        method: 'POST',
        status: 202,
        before: { username: 'desk.2' },
      }),
      'Asked for a new password for desk.2 (waits for a second owner)',
    ],
    [
      op({
        route: '/api/v1/admin/operators/:id/approve',
        before: { username: 'desk.2', waiting: { kind: 'make-owner' } },
      }),
      'Approved making desk.2 an owner',
    ],
    [
      op({
        route: '/api/v1/admin/operators/:id/approve',
        method: 'POST',
        before: { username: 'cashier1', role: 'staff', waiting: { kind: 'create' } },
      }),
      'Approved adding staff operator cashier1',
    ],
    [
      op({
        route: '/api/v1/admin/operators/:id/reject',
        method: 'POST',
        before: { username: 'desk.2', waiting: { kind: 'reset-2fa' } },
      }),
      'Refused turning two-factor sign-in off for desk.2',
    ],
    [op({ request: { role: 'staff' }, before: { username: 'desk.2' } }), 'Made desk.2 staff'],
    [
      op({ request: { isActive: false }, before: { username: 'desk.2' } }),
      'Switched desk.2 off (their sessions ended)',
    ],
    [
      entry({ action: 'sign-in', route: '/api/v1/admin/login', after: { step: 'second-factor' } }),
      'Password right: asked for the second factor',
    ],
    [
      entry({ action: 'sign-in', route: '/api/v1/admin/login/2fa', after: { step: 'signed-in' } }),
      'Signed in with the second factor',
    ],
    [
      entry({ action: 'sign-in', route: '/api/v1/admin/login', status: 401 }),
      'Sign-in refused (401) (no operator has this name)',
    ],
    [
      entry({ action: 'sign-in', route: '/api/v1/admin/login', status: 401, adminId: 'a1' }),
      'Sign-in refused (401)',
    ],
  ])('%#: %s', (e, sentence) => {
    expect(auditSentence(e)).toBe(sentence);
  });
});
