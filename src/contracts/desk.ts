/**
 * What an operator sees beside a money request (`desk` on GET /admin/withdrawals and /admin/funds):
 * the player's balance, their last 7 days, last ledger entries and open risk flags.
 */
export type DeskContext = {
  balance: number;
  last7Days: { deposits: number; staked: number; won: number; withdrawn: number };
  recent: Array<{
    at: string;
    description: string;
    amount: number;
    type: 'credit' | 'debit';
    status: string;
  }>;
  flags: Array<{ _id: string; kind: string }>;
  /**
   * Beside a deposit (GET /admin/funds): the player's own guards. `pause`: a time-out or
   * self-exclusion in force; `depositLimits`: each deposit limit they set, with the money received
   * (credited deposits) in its period so far.
   */
  pause?: { kind: 'time-out' | 'self-exclusion'; until: string } | null;
  depositLimits?: Array<{
    field: 'depositDay' | 'depositWeek' | 'depositMonth';
    limit: number;
    received: number;
  }>;
};
