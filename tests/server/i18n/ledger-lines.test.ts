import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownLedgerLine, ledgerText, renderLedgerLine } from '../../../server/i18n/ledger-text';
import { BET_TYPES } from '../../../src/domain/bet-types';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { seedGame, seedRates, setBidRange } from '../money/helpers/money-fixtures';

// Issue 39 item 1: every wallet line the server writes reads in the player's language, rendered at
// read time from the row's kind and the values its English template held; old rows too.

const DAY = '2026-11-18';
const MARKET = 'Kalyan (Night)';
let t: TestContext;
let p: PlayerFixture;
let op: { token: string };
const games: Record<string, string> = {};

type Tx = { description: string; kind: string; status: string; statusDetail?: string; amount: number };

async function transactions(lang: string): Promise<Tx[]> {
  const res = await t.request('GET', '/api/v1/user/transactions?limit=50', {
    token: p.token,
    headers: { 'Accept-Language': lang },
  });
  expect(res.status).toBe(200);
  return res.body.data as Tx[];
}

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  games.main = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: MARKET });
  games.gali = await seedGame(t, { family: 'galidisawar', open: '11:30', name: 'Gali' });
  p = await createPlayer(t);
  op = await createAdmin(t);

  // Funds added through the sandbox checkout.
  const fund = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount: 1000 } });
  expect(fund.status).toBe(201);
  await t.request('POST', `/api/payment/checkout/${fund.body.data.orderId}/pay`);

  // Bids on both markets; a win on each, one of them reverted.
  const main = await t.request('POST', '/api/v1/user/main/bids', {
    token: p.token,
    body: {
      bids: [
        {
          game: games.main,
          gameType: 'single-panna',
          amount: 10,
          session: 'Open',
          openDigit: '149',
          pannaType: 'SP',
        },
      ],
    },
  });
  expect(main.status, JSON.stringify(main.body)).toBe(201);
  const gali = await t.request('POST', '/api/v1/admin/galidisawar-bid', {
    token: p.token,
    body: {
      bids: [
        { game: games.gali, gameType: 'left-digit', amount: 10, digit: '4' },
        { game: games.gali, gameType: 'jodi-digit', amount: 10, digit: '45' },
      ],
    },
  });
  expect(gali.status, JSON.stringify(gali.body)).toBe(201);
  const declare = (family: string, body: object) =>
    t.request('POST', `/api/v1/admin/results/${family}`, {
      token: op.token,
      body: { resultDate: DAY, ...body },
    });
  expect((await declare('main', { gameId: games.main, session: 'open', panna: '149' })).status).toBe(201);
  const g = await declare('galidisawar', { gameId: games.gali, jodi: '45' });
  expect(g.status).toBe(201);
  const revert = await t.request('DELETE', `/api/v1/admin/results/galidisawar/${g.body.data.result._id}`, {
    token: op.token,
    body: { reason: 'Wrong jodi typed' },
  });
  expect(revert.status).toBe(200);

  // Withdrawals: one cancelled by the player, one rejected by an operator, one waiting.
  await t.request('POST', '/api/v1/user/withdrawal/methods', {
    token: p.token,
    body: { method: 'phonepe', phoneNumber: '9302101538' },
  });
  const withdraw = async (amount: number) =>
    (
      await t.request('POST', '/api/v1/user/withdrawal', {
        token: p.token,
        body: { amount, method: 'phonepe' },
      })
    ).body.data._id as string;
  const cancelled = await withdraw(100);
  expect(
    (await t.request('POST', `/api/v1/user/withdrawal/${cancelled}/cancel`, { token: p.token })).status,
  ).toBe(200);
  const rejected = await withdraw(50);
  const reject = await t.request('POST', `/api/v1/admin/withdrawals/${rejected}/reject`, {
    token: op.token,
    body: { reason: 'Number not on PhonePe' },
  });
  expect(reject.status).toBe(200);
  await withdraw(20);
});
afterAll(() => t.close());

describe('wallet lines in the request language', () => {
  it('English names the payment app as the app does, and says which failed hold was cancelled', async () => {
    const rows = await transactions('en');
    const lines = rows.map((r) => r.description);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Funds added \(order \w+\)$/),
        `Bid placed: ${MARKET} (1 bid)`,
        'Bid placed: Gali (2 bids)',
        `Winning: ${MARKET} (Single Panna)`,
        'Winning: Gali (Left Digit)',
        'Result reverted: Gali',
        'Withdrawal to PhonePe *******538',
        'Withdrawal cancelled: amount refunded',
        'Withdrawal rejected: amount refunded',
      ]),
    );
    const holds = rows.filter((r) => r.kind === 'withdrawal');
    expect(holds.map((r) => [r.amount, r.status, r.statusDetail])).toEqual([
      [20, 'pending', undefined],
      [50, 'failed', 'rejected'],
      [100, 'failed', 'cancelled'],
    ]);
  });

  it.each(['hi', 'mr'])(
    '%s: no English word but the market names, the order id and PhonePe',
    async (lang) => {
      const rows = await transactions(lang);
      expect(rows.length).toBe(13);
      const english = rows
        .map((r) =>
          r.description
            .replace(MARKET, '')
            .replace('Gali', '')
            .replace('PhonePe', '')
            .replace(/ORD[A-Z0-9]+/, ''),
        )
        .filter((line) => /[A-Za-z]/.test(line));
      expect(english).toEqual([]);
      // The bet type's own word in the language (src/i18n/<lang>/games.ts).
      expect(rows.some((r) => r.description.includes(lang === 'hi' ? 'सिंगल पाना' : 'सिंगल पाना'))).toBe(true);
      expect(rows.some((r) => r.description.includes(lang === 'hi' ? 'बायां अंक' : 'डावा अंक'))).toBe(true);
    },
  );

  it('a row written before this table (or by another version) reads in the language too', async () => {
    await t.db.query(
      `INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description)
       VALUES ($1, 500, 'grant', 'old-grant', 'Daily points (2026-11-17): points have no cash value')`,
      [p.id],
    );
    const rows = await transactions('mr');
    expect(rows.find((r) => r.kind === 'grant')?.description).toBe(
      `रोजचे पॉइंट (${new Intl.DateTimeFormat('mr-IN', { timeZone: 'UTC', day: '2-digit', month: 'short', year: 'numeric', numberingSystem: 'latn' }).format(new Date('2026-11-17T00:00:00Z'))}): पॉइंटना रोख किंमत नाही`,
    );
    // An operator's adjustment note is theirs: shown as written.
    expect(renderLedgerLine('adjustment', 'Goodwill credit', 'hi')).toBe('Goodwill credit');
  });

  it('operators read the English line, whatever language their browser asks for', async () => {
    const res = await t.request('GET', `/api/v1/admin/users/${p.id}/ledger?limit=50`, {
      token: op.token,
      headers: { 'Accept-Language': 'hi' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: Tx) => r.description)).toContain('Withdrawal to PhonePe *******538');
  });
});

describe('the templates', () => {
  const written: [string, string][] = [
    ['fund', ledgerText.fundsAdded('ORDMWZFQDALE388E92AD2D8')],
    ['fund', ledgerText.fundsAdded(null)],
    ['bid', ledgerText.bidPlaced(['Kalyan (Night)', 'Milan (Day)'], 12)],
    ['bid', ledgerText.bidPlaced(['Starline 10:00 AM'], 1)],
    ...Object.values(BET_TYPES).map((b): [string, string] => [
      'win',
      ledgerText.winning('Main (Bazar)', b.title),
    ]),
    ['win-reversal', ledgerText.resultReverted('Kalyan (Night)')],
    ['withdrawal', ledgerText.withdrawal('phonepe', '*******538')],
    ['withdrawal', ledgerText.withdrawal('bank', '********9012')],
    ['withdrawal-refund', ledgerText.withdrawalRejected],
    ['withdrawal-refund', ledgerText.withdrawalCancelled],
    ['referral', ledgerText.referralReward],
    ['referral', ledgerText.referralBonus],
    ['grant', ledgerText.dailyPoints('2026-11-22')],
  ];

  it.each(written)('%s: "%s" reads back, and in Hindi and Marathi keeps its digits', (kind, line) => {
    expect(isKnownLedgerLine(kind, line)).toBe(true);
    expect(renderLedgerLine(kind, line, 'en').replace('Withdrawal to PhonePe', 'Withdrawal to phonepe')).toBe(
      line.replace('Withdrawal to bank', 'Withdrawal to Bank Transfer'),
    );
    for (const lang of ['hi', 'mr'] as const) {
      const out = renderLedgerLine(kind, line, lang);
      expect(out).not.toBe(line);
      for (const digits of line.match(/\d[\d*]*/g) ?? []) {
        if (kind !== 'grant') expect(out).toContain(digits);
      }
    }
  });

  it('keeps a market name with brackets whole', () => {
    expect(renderLedgerLine('bid', 'Bid placed: Kalyan (Night), Milan (Day) (12 bids)', 'hi')).toBe(
      'बोली लगी: Kalyan (Night), Milan (Day) (12 बोलियाँ)',
    );
    expect(renderLedgerLine('win', 'Winning: Main (Bazar) (Half Sangam)', 'mr')).toBe(
      'जिंकले: Main (Bazar) (हाफ संगम)',
    );
  });
});
