import { DEMO_RATES } from '../../../../server/seed/demo-data';
import type { Family } from '../../../../src/domain/types';
import type { TestContext } from '../../helpers/test-app';

/** Rates of docs/game-rules.md section 6: the seed's typical rates (the hand-worked wins in the tests pin them). */
export const TYPICAL_RATES = DEMO_RATES;

export async function seedRates(t: TestContext): Promise<void> {
  for (const [family, rates] of Object.entries(TYPICAL_RATES)) {
    await t.db.query(
      `INSERT INTO rates (family, rates) VALUES ($1, $2::jsonb)
       ON CONFLICT (family) DO UPDATE SET rates = EXCLUDED.rates`,
      [family, JSON.stringify(rates)],
    );
  }
}

export async function setBidRange(t: TestContext, min: number, max: number): Promise<void> {
  await t.db.query(
    `INSERT INTO settings (key, value) VALUES ('required-update', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify({ min_bidamount: min, max_bidamount: max })],
  );
}

let gameCounter = 0;

/**
 * A game written straight to the database. Main games get a full weekday schedule (open every day
 * unless `closedWeekdays` lists 0 = sunday ... 6 = saturday).
 */
export async function seedGame(
  t: TestContext,
  g: {
    family: Family;
    open: string;
    close?: string | null;
    name?: string;
    autoResult?: boolean;
    active?: boolean;
    closedWeekdays?: number[];
  },
): Promise<string> {
  gameCounter += 1;
  const r = await t.db.query<{ id: string }>(
    `INSERT INTO games (family, game_name, open_time, close_time, is_active, auto_result)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      g.family,
      g.name ?? `${g.family} game ${gameCounter}`,
      g.open,
      g.close ?? null,
      g.active ?? true,
      g.autoResult ?? false,
    ],
  );
  const id = r.rows[0]?.id as string;
  if (g.family === 'main') {
    for (let weekday = 0; weekday < 7; weekday++) {
      await t.db.query(
        'INSERT INTO game_schedules (game_id, weekday, open_time, close_time, market_status) VALUES ($1, $2, $3, $4, $5)',
        [id, weekday, g.open, g.close, !(g.closedWeekdays ?? []).includes(weekday)],
      );
    }
  }
  return id;
}

export async function balanceOf(t: TestContext, userId: string): Promise<number> {
  const r = await t.db.query<{ balance_paise: number }>('SELECT balance_paise FROM users WHERE id = $1', [
    userId,
  ]);
  return (r.rows[0]?.balance_paise ?? 0) / 100;
}

export async function countRows(
  t: TestContext,
  table: 'bids' | 'ledger' | 'withdrawals' | 'fund_requests' | 'results',
): Promise<number> {
  const r = await t.db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM ${table}`);
  return r.rows[0]?.n ?? 0;
}

/** Everything a bad money call must leave untouched. */
export async function moneySnapshot(t: TestContext) {
  const users = await t.db.query<{ id: string; balance_paise: number }>(
    'SELECT id, balance_paise FROM users ORDER BY id',
  );
  return {
    balances: users.rows,
    bids: await countRows(t, 'bids'),
    ledger: await countRows(t, 'ledger'),
    withdrawals: await countRows(t, 'withdrawals'),
    funds: await countRows(t, 'fund_requests'),
    results: await countRows(t, 'results'),
  };
}
