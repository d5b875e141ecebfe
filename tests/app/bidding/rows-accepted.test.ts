import { describe, expect, it } from 'vitest';
import { offeredIn } from '../../../src/domain/bet-types';
import { parseBidRow } from '../../../src/domain/bid-validation';
import type { Family, Session } from '../../../src/domain/types';
import type { BidEntry } from '../../../src/features/bidding/bid-entry';
import { toRows } from '../../../src/features/bidding/build-rows';
import { screenOptions } from '../../../src/features/bidding/options';
import { BID_SCREENS } from '../../../src/features/bidding/screens';

/** Inputs that make each generated screen produce numbers. */
const INPUTS: Record<string, Record<string, string>> = {
  motor: { digits: '1234' },
  'sp-dp-tp': { ank: '5', SP: '1', DP: '1', TP: '1' },
  'odd-even': { choice: 'Even' },
  'two-digit': { digits: '15' },
  'digit-jodi': { left: '3', right: '7' },
  'choice-panna': { middle: '4', cls: 'SP' },
  'group-jodi': { jodi: '38' },
  'group-panel': { panna: '128' },
};

const FAMILIES: Family[] = ['main', 'starline', 'galidisawar'];

const cases = Object.values(BID_SCREENS).flatMap((config) =>
  FAMILIES.filter((f) => offeredIn(config.gameType, f)).map(
    (family) => [config.slug, family, config] as const,
  ),
);

describe('every row a screen can send passes the shared row check (src/domain parseBidRow)', () => {
  it.each(cases)('%s on %s', (_slug, family, config) => {
    const sessions: (Session | null)[] = family === 'main' ? ['Open', 'Close'] : [null];
    for (const session of sessions) {
      let entries: BidEntry[];
      if (config.kind === 'full-sangam') {
        entries = [{ kind: 'full-sangam', openPanna: '123', closePanna: '190', amount: 10 }];
      } else if (config.kind === 'half-sangam') {
        entries = [{ kind: 'half-sangam', session: session ?? 'Open', digit: '4', panna: '356', amount: 10 }];
      } else {
        const values = screenOptions(config, INPUTS[config.kind] ?? {}).values;
        expect(values.length).toBeGreaterThan(0);
        entries = values.map((number) => ({
          kind: 'number',
          gameType: config.gameType,
          number,
          session,
          amount: 10,
        }));
      }
      const rows = toRows(entries, {
        family,
        gameId: 'g1',
        gameType: config.gameType,
        bidDate: '2026-11-21',
      });
      for (const row of rows) {
        const parsed = parseBidRow(row, family);
        expect(parsed.ok ? 'ok' : JSON.stringify({ row, errors: parsed.errors })).toBe('ok');
      }
    }
  });
});
