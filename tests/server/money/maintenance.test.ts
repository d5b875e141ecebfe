import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { moneySnapshot, seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

// Wednesday 2026-11-18, 09:00 in Asia/Kolkata: every game below is open for bids.
const NINE_IST = '2026-11-18T03:30:00Z';
const MESSAGE = 'Back at 10 am. Your balance is safe.';
const GPAY = { method: 'gpay', phoneNumber: '9876543210' };

let t: TestContext;
let p: PlayerFixture;
let op: { token: string };
let calls: Array<[string, string, unknown]>;

beforeAll(async () => {
  t = await createTestContext({ now: NINE_IST });
  await seedRates(t);
  await setBidRange(t, 10, 10000);
  const main = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
  const starline = await seedGame(t, { family: 'starline', open: '11:00' });
  const gali = await seedGame(t, { family: 'galidisawar', open: '11:30' });
  p = await createPlayer(t, { balance: 1000 });
  op = await createAdmin(t);
  const single = (game: string, gameType: string, digit: Record<string, string>) => ({
    bids: [{ game, gameType, amount: 10, ...digit }],
  });
  // Every money action a player can take, each with a body that succeeds outside maintenance.
  calls = [
    ['main bid', '/api/v1/user/main/bids', single(main, 'single-digit', { session: 'Open', openDigit: '4' })],
    ['starline bid', '/api/v1/user/starline-bid', single(starline, 'single-digit', { digit: '4' })],
    ['galidisawar bid', '/api/v1/admin/galidisawar-bid', single(gali, 'left-digit', { digit: '4' })],
    ['add fund', '/api/v1/user/fund', { amount: 500 }],
    ['withdrawal method', '/api/v1/user/withdrawal/methods', GPAY],
    ['withdrawal', '/api/v1/user/withdrawal', { amount: 100, method: 'gpay' }],
  ];
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

const setMaintenance = (isActive: boolean) =>
  t.request('PUT', '/api/v1/admin/maintenance', {
    token: op.token,
    body: { isActive, title: 'Under Maintenance', message: MESSAGE },
  });

describe('maintenance stops money actions', () => {
  it('answers 503 with the operator message and moves no money while maintenance is on', async () => {
    // The withdrawal needs a saved method; save it before switching maintenance on.
    expect((await t.request('POST', calls[4]?.[1] as string, { token: p.token, body: GPAY })).status).toBe(
      200,
    );
    expect((await setMaintenance(true)).status).toBe(200);
    const before = await moneySnapshot(t);
    for (const [name, path, body] of calls) {
      const res = await t.request('POST', path, { token: p.token, body });
      expect(res.status, name).toBe(503);
      expect(res.body, name).toMatchObject({ status: false, message: MESSAGE });
    }
    expect(await moneySnapshot(t)).toEqual(before);
    // Reads keep working so the app can show its balance and the maintenance screen.
    expect((await t.request('GET', '/api/v1/user/user-details', { token: p.token })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/status')).body.data).toMatchObject({ isActive: true });
  });

  it('accepts the same actions once maintenance is off', async () => {
    expect((await setMaintenance(false)).status).toBe(200);
    for (const [name, path, body] of calls) {
      const res = await t.request('POST', path, { token: p.token, body });
      expect([200, 201], `${name}: ${JSON.stringify(res.body)}`).toContain(res.status);
    }
  });
});
