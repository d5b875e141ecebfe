import { randomInt } from 'node:crypto';
import { addDays, marketDayOf, WEEKDAYS, weekdayOf } from '../../src/domain/market-time';
import { pointsToPaise } from '../../src/domain/money';
import { ALL_PANNAS, pannaAnk } from '../../src/domain/pannas';
import { creditOnce } from '../db/repositories/ledger';
import { mergeRates } from '../db/repositories/rates';
import { updateSetting } from '../db/repositories/settings';
import { insertUser } from '../db/repositories/users';
import type { Db, Queryable } from '../db/types';
import { hashPassword } from '../services/passwords';
import { DEMO_CONTENT, DEMO_GALI, DEMO_MAIN, DEMO_PLAYER, DEMO_RATES, DEMO_STARLINE } from './demo-data';

const HISTORY_DAYS = 28;
// Two servers starting at once on one empty PostgreSQL database must not both seed it.
const SEED_LOCK_KEY = 727_001;

const pick = <T>(xs: readonly T[]): T => xs[randomInt(0, xs.length)] as T;
const ank = (p: string) => String(pannaAnk(p));

async function addGame(
  tx: Queryable,
  family: 'main' | 'starline' | 'galidisawar',
  g: { name: string; open: string; close?: string | null },
  order: number,
): Promise<string> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO games (family, game_name, open_time, close_time, auto_result, sort_order)
     VALUES ($1, $2, $3, $4, true, $5) RETURNING id`,
    [family, g.name, g.open, g.close ?? null, order],
  );
  return r.rows[0]?.id as string;
}

/**
 * Past results for the days the market was open, so charts have weeks of content. One INSERT per
 * game: row by row the seed took seconds on PGlite, long enough to time out on a loaded machine.
 */
async function addHistory(tx: Queryable, family: string, gameId: string, today: string, off: string[] = []) {
  const rows: string[] = [];
  const params: unknown[] = [family, gameId];
  for (let i = HISTORY_DAYS; i >= 1; i--) {
    const day = addDays(today, -i);
    if (off.includes(weekdayOf(day))) continue;
    const open = pick(ALL_PANNAS);
    const close = pick(ALL_PANNAS);
    const jodi = `${randomInt(0, 10)}${randomInt(0, 10)}`;
    const values =
      family === 'main'
        ? [day, open, ank(open), close, ank(close), null, null, null]
        : family === 'starline'
          ? [day, null, null, null, null, open, ank(open), null]
          : [day, null, null, null, null, null, null, jodi];
    const at = params.length;
    params.push(...values);
    const d = `$${at + 1}::date`;
    const rest = values.slice(1).map((_, k) => `$${at + k + 2}`);
    rows.push(`($1, $2, ${d}, ${rest.join(', ')}, ${d} + time '12:00', ${d} + time '18:00')`);
  }
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO results (family, game_id, result_date, open_panna, open_digit, close_panna, close_digit,
                          panna, digit, jodi, open_declared_at, close_declared_at)
     VALUES ${rows.join(',\n            ')}`,
    params,
  );
}

/**
 * Seeds the demo install on an empty database (no games, no players): markets with weekly offs,
 * rates, weeks of past results, content, settings and a verified demo player with 1000 points.
 * Returns false when the database already had data.
 */
export async function seedDemo(db: Db, now: Date, tz: string): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PLAYER.password);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const existing = await tx.query('SELECT 1 FROM games UNION ALL SELECT 1 FROM users LIMIT 1');
    if (existing.rows.length > 0) return false;
    const today = marketDayOf(now, tz);

    for (const [i, g] of DEMO_MAIN.entries()) {
      const id = await addGame(tx, 'main', g, i);
      for (const [weekday, name] of WEEKDAYS.entries()) {
        await tx.query(
          'INSERT INTO game_schedules (game_id, weekday, open_time, close_time, market_status) VALUES ($1, $2, $3, $4, $5)',
          [id, weekday, g.open, g.close, !(g.off ?? []).includes(name)],
        );
      }
      await addHistory(tx, 'main', id, today, g.off);
    }
    for (const [i, g] of DEMO_STARLINE.entries())
      await addHistory(tx, 'starline', await addGame(tx, 'starline', g, i), today);
    for (const [i, g] of DEMO_GALI.entries())
      await addHistory(tx, 'galidisawar', await addGame(tx, 'galidisawar', g, i), today);

    await mergeRates(tx, 'main', DEMO_RATES.main);
    await mergeRates(tx, 'starline', DEMO_RATES.starline);
    await mergeRates(tx, 'galidisawar', DEMO_RATES.galidisawar);

    const c = DEMO_CONTENT;
    for (const [i, imageUrl] of c.sliders.entries()) {
      await tx.query('INSERT INTO sliders (image_url, sort_order) VALUES ($1, $2)', [imageUrl, i]);
    }
    for (const n of c.notices)
      await tx.query('INSERT INTO notices (title, message) VALUES ($1, $2)', [n.title, n.message]);
    for (const v of c.videos) {
      await tx.query('INSERT INTO videos (youtube_id, title, description) VALUES ($1, $2, $3)', [
        v.youtubeId,
        v.title,
        v.description,
      ]);
    }
    for (const f of c.footerLinks)
      await tx.query('INSERT INTO footer_links (title, url) VALUES ($1, $2)', [f.title, f.url]);
    for (const l of c.logos)
      await tx.query('INSERT INTO app_logos (image_url, app_title) VALUES ($1, $2)', [
        l.imageUrl,
        l.app_title,
      ]);
    await updateSetting(tx, 'contact', c.contact);
    await updateSetting(tx, 'app-link', { applink: c.appLink });
    await updateSetting(tx, 'required-update', c.requiredUpdate);

    const userId = await insertUser(tx, {
      name: DEMO_PLAYER.name,
      phone: DEMO_PLAYER.phone,
      passwordHash,
      referralCode: 'DEMO2026',
      isVerified: true,
    });
    await creditOnce(tx, {
      userId,
      amountPaise: pointsToPaise(DEMO_PLAYER.balance),
      kind: 'adjustment',
      refId: `demo-seed:${userId}`,
      description: 'Demo balance',
    });
    return true;
  });
}
