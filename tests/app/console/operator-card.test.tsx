import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperatorCard } from '../../../src/admin/operator-card';
import type { Operator } from '../../../src/admin/types';

// Issue 49: an operator asked for and not yet approved is only a request. Its card offers Approve
// and Reject, never "Make owner", "Switch off" or "End sessions" for an account that does not exist.

afterEach(cleanup);

const ME = 'owner-b';
const operator = (over: Partial<Operator>): Operator => ({
  _id: 'op-1',
  username: 'cashier1',
  role: 'staff',
  isActive: true,
  twoFactor: false,
  createdAt: '2026-11-28T05:00:00Z',
  waiting: null,
  ...over,
});
const asked = (requester: string) => ({
  _id: 'change-1',
  operatorId: 'op-1',
  kind: 'create' as const,
  requestedBy: 'ravi',
  requestedAt: '2026-11-28T05:00:00Z',
  approvals: [{ adminId: requester, username: 'ravi', at: '2026-11-28T05:00:00Z' }],
});
const buttons = () => screen.getAllByRole('button').map((b) => b.textContent);
const card = (o: Operator) =>
  render(
    <ul>
      <OperatorCard o={o} meId={ME} write={vi.fn(async () => true)} onReset={vi.fn()} />
    </ul>,
  );

describe("an operator's card", () => {
  it('a pending new operator: Approve and Reject only, for the other owner', () => {
    card(operator({ isActive: false, waiting: asked('owner-a') }));
    expect(buttons()).toEqual(['Approve', 'Reject']);
    screen.getByText('Not yet approved');
    expect(screen.queryByText(/Two-factor sign-in/)).toBeNull();
  });

  it('a pending new operator asked by me: Reject only (another owner approves)', () => {
    card(operator({ isActive: false, waiting: asked(ME) }));
    expect(buttons()).toEqual(['Reject']);
    screen.getByText('You asked: another owner approves it');
  });

  it('an operator who exists: what an owner may do to them', () => {
    card(operator({}));
    expect(buttons()).toEqual(['Make owner', 'Switch off', 'End sessions', 'Reset password']);
  });
});
