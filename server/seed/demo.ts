import { randomInt } from 'node:crypto';
import { addDays, marketDayOf, WEEKDAYS, weekdayOf } from '../../src/domain/market-time';
import { pointsToPaise } from '../../src/domain/money';
import { ALL_PANNAS, pannaAnk } from '../../src/domain/pannas';
import { creditOnce } from '../db/repositories/ledger';
import { mergeRates } from '../db/repositories/rates';
import {
  type DemoResultRow,
  hasGamesOrPlayers,
  insertDemoContent,
  insertDemoGame,
  insertDemoResults,
  insertDemoSchedule,
  takeSeedLock,
} from '../db/repositories/seed';
import { updateSetting } from '../db/repositories/settings';
import { insertUser } from '../db/repositories/users';
import type { Db } from '../db/types';
import { hashPassword } from '../services/auth/passwords';
import { DEMO_CONTENT, DEMO_GALI, DEMO_MAIN, DEMO_PLAYER, DEMO_RATES, DEMO_STARLINE } from './demo-data';

const HISTORY_DAYS = 28;
// Two servers starting at once on one empty PostgreSQL database must not both seed it.
const SEED_LOCK_KEY = 727_001;

const pick = <T>(xs: readonly T[]): T => xs[randomInt(0, xs.length)] as T;
const ank = (p: string) => String(pannaAnk(p));

/** Past results for the days the market was open, so charts have weeks of content. */
function history(family: string, today: string, off: string[] = []): DemoResultRow[] {
  const days: DemoResultRow[] = [];
  for (let i = HISTORY_DAYS; i >= 1; i--) {
    const day = addDays(today, -i);
    if (off.includes(weekdayOf(day))) continue;
    const open = pick(ALL_PANNAS);
    const close = pick(ALL_PANNAS);
    const jodi = `${randomInt(0, 10)}${randomInt(0, 10)}`;
    days.push(
      family === 'main'
        ? [day, open, ank(open), close, ank(close), null, null, null]
        : family === 'starline'
          ? [day, null, null, null, null, open, ank(open), null]
          : [day, null, null, null, null, null, null, jodi],
    );
  }
  return days;
}

/**
 * Seeds the demo install on an empty database (no games, no players): markets with weekly offs,
 * rates, weeks of past results, content, settings and a verified demo player with 1000 points.
 * Returns false when the database already had data.
 */
export async function seedDemo(db: Db, now: Date, tz: string): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PLAYER.password);
  return db.transaction(async (tx) => {
    await takeSeedLock(tx, SEED_LOCK_KEY);
    if (await hasGamesOrPlayers(tx)) return false;
    const today = marketDayOf(now, tz);

    for (const [i, g] of DEMO_MAIN.entries()) {
      const id = await insertDemoGame(tx, 'main', g, i);
      for (const [weekday, name] of WEEKDAYS.entries()) {
        await insertDemoSchedule(tx, id, weekday, g.open, g.close, !(g.off ?? []).includes(name));
      }
      await insertDemoResults(tx, 'main', id, history('main', today, g.off));
    }
    for (const [i, g] of DEMO_STARLINE.entries()) {
      const id = await insertDemoGame(tx, 'starline', g, i);
      await insertDemoResults(tx, 'starline', id, history('starline', today));
    }
    for (const [i, g] of DEMO_GALI.entries()) {
      const id = await insertDemoGame(tx, 'galidisawar', g, i);
      await insertDemoResults(tx, 'galidisawar', id, history('galidisawar', today));
    }

    await mergeRates(tx, 'main', DEMO_RATES.main);
    await mergeRates(tx, 'starline', DEMO_RATES.starline);
    await mergeRates(tx, 'galidisawar', DEMO_RATES.galidisawar);

    const c = DEMO_CONTENT;
    await insertDemoContent(tx, c);
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
