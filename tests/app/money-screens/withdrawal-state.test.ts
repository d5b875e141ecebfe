import { describe, expect, it } from 'vitest';
import type { Withdrawal, WithdrawalMethodName } from '../../../src/api/withdrawals';
import { canWithdraw } from '../../../src/features/withdrawals/withdraw-check';
import {
  initialWithdrawalState,
  withdrawalReducer,
} from '../../../src/features/withdrawals/withdrawal-state';

const w = (id: string): Withdrawal => ({
  _id: id,
  id,
  createdAt: '2026-11-21T10:00:00Z',
  method: 'bank',
  amount: 100,
  status: 'pending',
});
const PAGE = { page: 1, limit: 10, total: 1, totalPages: 1, hasNextPage: false, hasPreviousPage: false };

describe('withdrawal state (docs/product.md section 4)', () => {
  it('creation resets success, success puts the new one on top once, reset clears the flags', () => {
    let s = withdrawalReducer(initialWithdrawalState, {
      type: 'list/done',
      items: [w('a')],
      pagination: PAGE,
    });
    s = { ...s, success: true, error: 'old' };
    s = withdrawalReducer(s, { type: 'create/pending' });
    expect([s.loading, s.success, s.error]).toEqual([true, false, null]);
    s = withdrawalReducer(s, { type: 'create/done', withdrawal: w('b') });
    expect([s.loading, s.success]).toEqual([false, true]);
    s = withdrawalReducer(s, { type: 'create/done', withdrawal: w('b') });
    expect(s.items?.map((x) => x._id)).toEqual(['b', 'a']);
    s = withdrawalReducer(s, { type: 'create/failed', error: 'Failed to submit withdrawal request!' });
    expect(s.error).toBe('Failed to submit withdrawal request!');
    s = withdrawalReducer(s, { type: 'reset' });
    expect([s.loading, s.success, s.error]).toEqual([false, false, null]);
    expect(s.items).toHaveLength(2);
  });
});

describe('canWithdraw (docs/product.md section 5)', () => {
  const saved = new Set<WithdrawalMethodName>(['bank']);
  it.each([
    ['', 'bank', false],
    ['0', 'bank', false],
    ['1251', 'bank', false],
    ['1250', null, false],
    ['1250', 'gpay', false],
    ['1250', 'bank', true],
    ['1', 'bank', true],
  ] as const)('amount %j with method %s: %s', (amount, method, expected) => {
    expect(canWithdraw({ amount, balance: 1250, method, saved })).toBe(expected);
  });
});
