/**
 * Withdrawals paid with proof (issue 48), one at a time: approving with the payout's UTR, giving
 * it later (once, audited), one UTR per withdrawal, four eyes keeping the first approval's UTR,
 * and what the player reads and is told, in their language.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../server/i18n/translate';
import { formatDayTime } from '../../../src/domain/responsible-play';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { balanceOf } from './helpers/money-fixtures';

let t: TestContext;
let ravi: PlayerFixture;
let owner: { id: string; token: string };
let second: { id: string; token: string };
let staff: { id: string; token: string };
const TZ = 'Asia/Kolkata';

beforeAll(async () => {
  t = await createTestContext({ env: { FOUR_EYES_ABOVE: '1000', MARKET_TZ: TZ } });
  owner = await createAdmin(t, 'utr-owner');
  second = await createAdmin(t, 'utr-second');
  staff = await createAdmin(t, 'utr-staff', 'staff');
  ravi = await createPlayer(t, { name: 'Ravi', balance: 20_000 });
  await t.request('POST', '/api/v1/user/withdrawal/methods', {
    token: ravi.token,
    body: { method: 'phonepe', phoneNumber: '9302101538' },
  });
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

async function withdraw(amount: number, p = ravi): Promise<string> {
  const r = await t.request('POST', '/api/v1/user/withdrawal', {
    token: p.token,
    body: { amount, method: 'phonepe' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data._id;
}

const approve = (id: string, body: unknown = {}, token = owner.token) =>
  t.request('POST', `/api/v1/admin/withdrawals/${id}/approve`, { token, body });
const payout = (id: string, utr: unknown, token = owner.token) =>
  t.request('POST', `/api/v1/admin/withdrawals/${id}/payout`, { token, body: { utr } });

async function mine(p: PlayerFixture, id: string, language?: string) {
  const r = await t.request('GET', '/api/v1/user/withdrawal?limit=100', {
    token: p.token,
    headers: language ? { 'accept-language': language } : {},
  });
  return r.body.data.find((w: { _id: string }) => w._id === id);
}

async function pushesFor(userId: string) {
  const r = await t.db.query<{ title: string; body: string; dedupe_key: string }>(
    'SELECT title, body, dedupe_key FROM push_outbox WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return r.rows;
}

describe('approve with the payout UTR', () => {
  it('stores the UTR and when it was paid; the player reads both and is told', async () => {
    const id = await withdraw(120);
    const res = await approve(id, { utr: '433212345678' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'approved', payoutUtr: '433212345678' });
    const paidAt = res.body.data.paidAt as string;
    expect(Date.parse(paidAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await mine(ravi, id)).toMatchObject({ status: 'approved', payoutUtr: '433212345678', paidAt });
    const push = (await pushesFor(ravi.id)).find((p) => p.dedupe_key === `withdrawal:${id}`);
    expect(push).toMatchObject({
      title: 'Withdrawal paid',
      body: `Your withdrawal of ₹120 was paid on ${formatDayTime(new Date(paidAt), TZ)}, UTR 433212345678`,
    });
  });

  it("takes a bank's reference (NEFT, RTGS) in any case, stored in capitals", async () => {
    const neft = await withdraw(50);
    expect((await approve(neft, { utr: " 'sbin118123456789 " })).body.data.payoutUtr).toBe(
      'SBIN118123456789',
    );
    const rtgs = await withdraw(50);
    expect((await approve(rtgs, { utr: 'HDFCR52026112800012345' })).body.data.payoutUtr).toBe(
      'HDFCR52026112800012345',
    );
  });

  it.each([
    ['43321234567', 'eleven digits'],
    ['4332123456789', 'thirteen digits'],
    ['4.33212E+11', 'a number a spreadsheet shortened'],
    ['ABCDEFGHIJ', 'letters only'],
    ['AB12', 'too short'],
    ['A1234567890123456789012', 'too long'],
    ['4332 1234 5678', 'spaces inside'],
    [433212345678, 'a number, not text'],
  ] as Array<[string | number, string]>)('refuses %s (%s) and leaves it pending', async (utr) => {
    const id = await withdraw(10);
    const res = await approve(id, { utr });
    expect(res.status).toBe(400);
    expect(res.body.errors.utr).toMatch(/12-digit UPI\/IMPS reference/);
    expect((await mine(ravi, id)).status).toBe('pending');
    await t.request('POST', `/api/v1/user/withdrawal/${id}/cancel`, { token: ravi.token });
  });

  it('refuses a UTR that already paid another withdrawal', async () => {
    const first = await withdraw(30);
    const other = await withdraw(30);
    expect((await approve(first, { utr: '555512345678' })).status).toBe(200);
    const res = await approve(other, { utr: '555512345678' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This UTR is already the payout of another withdrawal');
    expect((await mine(ravi, other)).status).toBe('pending');
    // Given later it is refused the same way.
    expect((await approve(other)).status).toBe(200);
    expect((await payout(other, '555512345678')).status).toBe(409);
  });

  it('two approvals naming one UTR at once: one pays, the other is refused', async () => {
    const [a, b] = [await withdraw(20), await withdraw(20)];
    const answers = await Promise.all([
      approve(a, { utr: '777712345678' }),
      approve(b, { utr: '777712345678' }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const held = await t.db.query('SELECT id FROM withdrawals WHERE payout_utr = $1', ['777712345678']);
    expect(held.rows).toHaveLength(1);
  });
});

describe('the UTR given later', () => {
  it('once, by any operator, audited, and the player is told', async () => {
    const id = await withdraw(80);
    const approved = await approve(id);
    expect(approved.body.data).toMatchObject({ payoutUtr: null, status: 'approved' });
    expect(approved.body.data.paidAt).toEqual(expect.any(String));
    const res = await payout(id, '433298765432', staff.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ payoutUtr: '433298765432', paidAt: approved.body.data.paidAt });
    expect(await mine(ravi, id)).toMatchObject({ payoutUtr: '433298765432' });
    expect((await payout(id, '433298765432')).status).toBe(409);
    const again = await payout(id, '433200000001');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This withdrawal has its UTR already');
    expect((await mine(ravi, id)).payoutUtr).toBe('433298765432');
    const audit = await t.db.query<{ status: number; before: string | null; after: string | null }>(
      `SELECT status, before->>'payoutUtr' AS before, after->>'payoutUtr' AS after FROM audit_log
        WHERE route = '/api/v1/admin/withdrawals/:id/payout' AND path = $1 ORDER BY id`,
      [`/api/v1/admin/withdrawals/${id}/payout`],
    );
    expect(audit.rows).toEqual([
      { status: 200, before: null, after: '433298765432' },
      { status: 409, before: '433298765432', after: null },
      { status: 409, before: '433298765432', after: null },
    ]);
    const pushes = (await pushesFor(ravi.id)).filter((p) => p.dedupe_key === `withdrawal-utr:${id}`);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.body).toMatch(/^Your withdrawal of ₹80 paid on .+: UTR 433298765432$/);
  });

  it('is refused for a withdrawal that is pending, rejected or cancelled, and for unknown ids', async () => {
    const pending = await withdraw(10);
    expect((await payout(pending, '433211110000')).status).toBe(409);
    const rejected = await withdraw(10);
    await t.request('POST', `/api/v1/admin/withdrawals/${rejected}/reject`, {
      token: owner.token,
      body: { reason: 'Wrong number' },
    });
    expect((await payout(rejected, '433211110000')).body.message).toBe(
      'This withdrawal was rejected: nothing was paid',
    );
    expect((await payout('00000000-0000-4000-8000-000000000000', '433211110000')).status).toBe(404);
    expect((await payout('not-an-id', '433211110000')).status).toBe(404);
    expect((await payout(pending, '12')).status).toBe(400);
    const none = await t.request('POST', `/api/v1/admin/withdrawals/${pending}/payout`, {
      token: owner.token,
    });
    expect(none.status).toBe(400);
    await t.request('POST', `/api/v1/user/withdrawal/${pending}/cancel`, { token: ravi.token });
  });
});

describe('four eyes keep the first approval’s UTR', () => {
  it('the bank paid it: the player cannot cancel, the second approval completes it with that UTR', async () => {
    const id = await withdraw(2000);
    const before = await balanceOf(t, ravi.id);
    const first = await approve(id, { utr: '888812345678' });
    expect(first.status).toBe(202);
    expect((await mine(ravi, id)).payoutUtr).toBeNull();
    const desk = await t.request('GET', `/api/v1/admin/withdrawals?status=pending`, { token: owner.token });
    expect(desk.body.data.find((w: { _id: string }) => w._id === id).waitingUtr).toBe('888812345678');
    const cancel = await t.request('POST', `/api/v1/user/withdrawal/${id}/cancel`, { token: ravi.token });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('This withdrawal is being paid and can no longer be cancelled');
    const hindi = await t.request('POST', `/api/v1/user/withdrawal/${id}/cancel`, {
      token: ravi.token,
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.body.message).toBe(
      translate('This withdrawal is being paid and can no longer be cancelled', 'hi'),
    );
    expect(hindi.body.message).not.toMatch(/withdrawal/);
    const wrong = await approve(id, { utr: '888800000000' }, second.token);
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(
      'Its first approval named UTR 888812345678: approve with that UTR, or reject it',
    );
    const done = await approve(id, {}, second.token);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'approved', payoutUtr: '888812345678' });
    expect(await balanceOf(t, ravi.id)).toBe(before);
  });

  it('rejecting a waiting withdrawal refunds it and frees its UTR', async () => {
    const id = await withdraw(1500);
    expect((await approve(id, { utr: '999912345678' })).status).toBe(202);
    const r = await t.request('POST', `/api/v1/admin/withdrawals/${id}/reject`, {
      token: second.token,
      body: { reason: 'The bank returned it' },
    });
    expect(r.status).toBe(200);
    const row = await t.db.query('SELECT payout_utr, paid_at FROM withdrawals WHERE id = $1', [id]);
    expect(row.rows[0]).toEqual({ payout_utr: null, paid_at: null });
    const other = await withdraw(40);
    expect((await approve(other, { utr: '999912345678' })).status).toBe(200);
  });
});

describe('in the player’s language', () => {
  /** A player who reads the app in `lang`, with a PhonePe number saved. */
  async function speaker(lang: 'hi' | 'mr') {
    const p = await createPlayer(t, { name: `Lang ${lang}`, balance: 500 });
    await t.db.query('UPDATE users SET language = $2 WHERE id = $1', [p.id, lang]);
    await t.request('POST', '/api/v1/user/withdrawal/methods', {
      token: p.token,
      body: { method: 'phonepe', phoneNumber: '9302101538' },
    });
    return p;
  }

  it('the paid push and the UTR push read in Hindi and Marathi, digits and UTR as they are', async () => {
    for (const lang of ['hi', 'mr'] as const) {
      const p = await speaker(lang);
      const withUtr = await withdraw(100, p);
      const later = await withdraw(60, p);
      const paid = await approve(withUtr, { utr: lang === 'hi' ? '111122223333' : '111122224444' });
      await approve(later);
      await payout(later, lang === 'hi' ? 'KKBK000123456789' : 'KKBK000123456780');
      const when = formatDayTime(new Date(paid.body.data.paidAt), TZ);
      const pushes = await pushesFor(p.id);
      const paidPush = pushes.find((x) => x.dedupe_key === `withdrawal:${withUtr}`);
      const english = `Your withdrawal of ₹100 was paid on ${when}, UTR ${paid.body.data.payoutUtr}`;
      expect(paidPush).toEqual({
        title: translate('Withdrawal paid', lang),
        body: translate(english, lang),
        dedupe_key: `withdrawal:${withUtr}`,
      });
      // Translated for real: no English words left, the month in the language, the UTR and time as they are.
      expect(paidPush?.body).not.toMatch(/withdrawal|paid|points|Nov|Dec|Jan/);
      expect(paidPush?.body).toContain(`UTR ${paid.body.data.payoutUtr}`);
      expect(paidPush?.body).toContain(when.slice(-8));
      const utrPush = pushes.find((x) => x.dedupe_key === `withdrawal-utr:${later}`);
      expect(utrPush?.title).toBe(translate('UTR of your withdrawal', lang));
      expect(utrPush?.body).not.toMatch(/withdrawal|paid|points/);
      expect(utrPush?.body).toContain('UTR KKBK');
    }
  });

  it('a rejection with the operator’s reason is translated around the reason', async () => {
    const p = await speaker('mr');
    const id = await withdraw(70, p);
    await t.request('POST', `/api/v1/admin/withdrawals/${id}/reject`, {
      token: owner.token,
      body: { reason: 'Paytm number closed' },
    });
    const push = (await pushesFor(p.id)).find((x) => x.dedupe_key === `withdrawal:${id}`);
    expect(push?.body).toBe(
      'तुमची ₹70 काढण्याची मागणी नामंजूर झाली आणि पैसे वॉलेटमध्ये परत आले. कारण: Paytm number closed',
    );
  });
});
