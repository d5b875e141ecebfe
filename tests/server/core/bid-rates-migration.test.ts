/**
 * Migration 025 gives the bids placed before it the rate they keep (docs/api.md "A bid keeps the
 * rate it was placed at"): a pending bid takes its family's rate in force at the migration, for
 * the key the domain pays its atom at (rateKeyFor: a panna its own class, a digit its single,
 * left or right digit rate, a jodi the jodi rate, sangams theirs); a settled bid, or one whose
 * rate was not set then, keeps none (it is paid at the table's rate when it settles, as before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readFunctions, readMigrations } from '../../../server/db/migrate';
import type { Db } from '../../../server/db/types';
import { DEMO_RATES } from '../../../server/seed/demo-data';
import { placeRate } from '../../../src/domain/rates';
import type { Atom, Family, GameType } from '../../../src/domain/types';
import { createEmptyTestDb } from '../helpers/test-db';

let db: Db;
beforeAll(async () => {
  db = await createEmptyTestDb();
  await migrate(
    db,
    readMigrations().filter((m) => m.version < 25),
    readFunctions(),
  );
});
afterAll(() => db.close());

type Old = [Family, GameType, Atom, 'pending' | 'won' | 'lost'];
const OLD: Old[] = [
  ['main', 'single-digit', { kind: 'digit', target: 'open', digit: '4' }, 'pending'],
  ['main', 'odd-even', { kind: 'digit', target: 'close', digit: '7' }, 'pending'],
  ['main', 'sp-dp-tp-motor', { kind: 'panna', target: 'open', panna: '149' }, 'pending'],
  ['main', 'sp-dp-tp-motor', { kind: 'panna', target: 'open', panna: '112' }, 'pending'],
  ['main', 'sp-dp-tp-motor', { kind: 'panna', target: 'close', panna: '300' }, 'pending'],
  ['main', 'sp-dp-tp-motor', { kind: 'panna', target: 'close', panna: '777' }, 'pending'],
  ['main', 'red-bracket', { kind: 'jodi', jodi: '05' }, 'pending'],
  ['main', 'group-jodi', { kind: 'jodi', jodi: '45' }, 'pending'],
  ['main', 'half-sangam', { kind: 'half-sangam', variant: 'Open', digit: '4', panna: '258' }, 'pending'],
  ['main', 'full-sangam', { kind: 'full-sangam', openPanna: '149', closePanna: '258' }, 'pending'],
  ['starline', 'single-digit', { kind: 'digit', target: 'ank', digit: '1' }, 'pending'],
  ['starline', 'triple-panna', { kind: 'panna', target: 'draw', panna: '000' }, 'pending'],
  ['galidisawar', 'left-digit', { kind: 'digit', target: 'left', digit: '4' }, 'pending'],
  ['galidisawar', 'right-digit', { kind: 'digit', target: 'right', digit: '5' }, 'pending'],
  ['galidisawar', 'jodi-digit', { kind: 'jodi', jodi: '45' }, 'pending'],
  ['main', 'single-digit', { kind: 'digit', target: 'open', digit: '4' }, 'won'],
  ['main', 'single-digit', { kind: 'digit', target: 'open', digit: '3' }, 'lost'],
];

describe('migration 025: the rate of bids placed before it', () => {
  it('a pending bid takes the rate in force for its atom; a settled one, or one without a rate, none', async () => {
    // Starline's table lacks the triple panna rate: its pending bid keeps none.
    const starline = Object.fromEntries(
      Object.entries(DEMO_RATES.starline).filter(([k]) => !k.startsWith('triple')),
    );
    for (const [family, rates] of [
      ['main', DEMO_RATES.main],
      ['starline', starline],
      ['galidisawar', DEMO_RATES.galidisawar],
    ] as const) {
      await db.query('INSERT INTO rates (family, rates) VALUES ($1, $2::jsonb)', [
        family,
        JSON.stringify(rates),
      ]);
    }
    const user = (
      await db.query<{ id: string }>(
        `INSERT INTO users (name, phone, password_hash, referral_code) VALUES ('Old', '9000000001', 'x', 'OLD1') RETURNING id`,
      )
    ).rows[0]?.id;
    const gameOf: Partial<Record<Family, string>> = {};
    for (const family of ['main', 'starline', 'galidisawar'] as const) {
      gameOf[family] = (
        await db.query<{ id: string }>(
          `INSERT INTO games (family, game_name, open_time, close_time) VALUES ($1, $1, '10:00', $2) RETURNING id`,
          [family, family === 'main' ? '12:00' : null],
        )
      ).rows[0]?.id;
    }
    const ids: string[] = [];
    for (const [family, gameType, atom, status] of OLD) {
      const r = await db.query<{ id: string }>(
        `INSERT INTO bids (request_id, user_id, game_id, family, game_type, atom, bid_date, amount_paise, status, win_paise)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5::jsonb, '2026-11-18', 1000, $6, $7) RETURNING id`,
        [user, gameOf[family], family, gameType, JSON.stringify(atom), status, status === 'won' ? 9500 : 0],
      );
      ids.push(r.rows[0]?.id as string);
    }

    expect(await migrate(db)).toContain('025-bid-rates.sql');

    for (const [i, [family, gameType, atom, status]] of OLD.entries()) {
      const r = await db.query<{ rate_point: number | null; rate_amount: number | null }>(
        'SELECT rate_point, rate_amount FROM bids WHERE id = $1',
        [ids[i]],
      );
      const tables = { main: DEMO_RATES.main, starline, galidisawar: DEMO_RATES.galidisawar };
      const rate = status === 'pending' ? placeRate(atom, tables[family]) : null;
      const row = r.rows[0];
      expect({
        family,
        gameType,
        atom,
        rate: row?.rate_point == null ? null : { point: row.rate_point, amount: row.rate_amount },
      }).toEqual({
        family,
        gameType,
        atom,
        rate,
      });
    }
    // Hand-checked: the DP motor panna at the double panna rate, the red bracket at the jodi rate.
    const dp = await db.query('SELECT rate_point, rate_amount FROM bids WHERE id = $1', [ids[3]]);
    expect(dp.rows).toEqual([{ rate_point: 10, rate_amount: 2800 }]);
    const red = await db.query('SELECT rate_point, rate_amount FROM bids WHERE id = $1', [ids[6]]);
    expect(red.rows).toEqual([{ rate_point: 10, rate_amount: 950 }]);
    const none = await db.query('SELECT count(*)::int AS n FROM bids WHERE rate_point IS NULL');
    expect(none.rows).toEqual([{ n: 3 }]);
  });
});
