import type pg from 'pg';
import type { client } from '../../../scripts/bench/helpers.mjs';

/**
 * A player with `rupees` in the wallet (balance and its ledger line written straight to the
 * database), a Google Pay method on `phone`, and one withdrawal asked through the API for each of
 * `amounts`; resolves to the withdrawals' ids in that order.
 */
export async function playerWithWithdrawals(
  sql: pg.Client,
  call: ReturnType<typeof client>,
  player: { id: string; token: string },
  opts: { rupees: number; phone: string; amounts: number[] },
): Promise<string[]> {
  const paise = opts.rupees * 100;
  await sql.query('UPDATE users SET balance_paise = $2 WHERE id = $1', [player.id, paise]);
  await sql.query(
    `INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, balance_after_paise)
     VALUES ($1, $2, 'adjustment', 'withdrawals-seed', 'Seed', $2)`,
    [player.id, paise],
  );
  await call('POST', '/api/v1/user/withdrawal/methods', {
    token: player.token,
    body: { method: 'gpay', phoneNumber: opts.phone },
  });
  const ids: string[] = [];
  for (const amount of opts.amounts) {
    const w = await call('POST', '/api/v1/user/withdrawal', {
      token: player.token,
      body: { amount, method: 'gpay' },
    });
    ids.push(w.data._id);
  }
  return ids;
}
