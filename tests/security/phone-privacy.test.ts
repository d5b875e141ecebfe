/**
 * Answers that take a phone do not tell who is registered (issue 45, docs/api.md "Registration does
 * not tell who is registered"). Each scenario sends the same calls for a registered phone and for
 * one nobody registered (and, where it matters, a blocked player's and an unverified one's), step by
 * step, and compares the answers byte for byte: status, headers, body (the phone itself written as
 * <phone>). Limits are part of the answers: per-phone cooldowns, the hourly cap and the lockouts
 * trip at the same step for every phone. The owner of a registered phone is told by SMS, in their
 * own language, and gets no code; nothing about their account changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../server/i18n/translate';
import { ALREADY_REGISTERED_SMS } from '../../server/services/auth/send-code';
import { loginWithOtp } from '../server/helpers/auth-flow';
import { clearOtpCooldown, createPlayer, latestOtp, nextPhone } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function send(method: string, path: string, body: unknown, phone: string): Promise<Answer> {
  const res = await t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: res.status, headers, body: (await res.text()).replaceAll(phone, '<phone>') };
}

/**
 * A limit's Retry-After counts down from when each phone's bucket started, and two requests a few
 * milliseconds apart may round to different seconds. Before each request of a step, the live
 * buckets of these phones are set to end a whole number of seconds (fixed for the step, one per
 * limit) less 0.1 s from now: the countdown then reads the same for every phone (it is the same
 * limit), as long as the request reaches its limits within 0.9 s.
 */
async function alignLimits(phones: string[], seconds: Map<string, number>) {
  const rows = await t.db.query<{ key: string; left: number }>(
    `SELECT key, extract(epoch FROM expires_at - now())::float8 AS left FROM rate_limit_buckets
      WHERE expires_at > now() AND key LIKE ANY($1::text[])`,
    [phones.map((p) => `%${p}%`)],
  );
  // One limit: the same key but for the phone (otp-cooldown:<phone>:password, login-fail:<phone>).
  const limitOf = (key: string) => phones.reduce((k, p) => k.replace(p, '<phone>'), key);
  for (const r of rows.rows) {
    const limit = limitOf(r.key);
    if (!seconds.has(limit)) seconds.set(limit, Math.ceil(r.left));
    await t.db.query(
      `UPDATE rate_limit_buckets SET expires_at = now() + make_interval(secs => $2)
        WHERE key = $1 AND expires_at > now()`,
      [r.key, (seconds.get(limit) as number) - 0.1],
    );
  }
}

type Step = [label: string, method: string, path: string, body: (phone: string) => unknown];

/** Runs each step for every phone in turn and expects the same answer from all of them. */
async function expectSameAnswers(phones: string[], steps: Step[]) {
  const seen: Array<{ label: string; answer: Answer }> = [];
  for (const [label, method, path, body] of steps) {
    const answers = [];
    const seconds = new Map<string, number>();
    for (const phone of phones) {
      await alignLimits(phones, seconds);
      answers.push(await send(method, path, body(phone), phone));
    }
    for (const [i, answer] of answers.entries()) {
      expect(answer, `${label}: phone ${i} answers as phone 0 does`).toEqual(answers[0]);
    }
    seen.push({ label, answer: answers[0] as Answer });
  }
  return seen;
}

const register = (phone: string) => ({ name: 'Asha', phone, password: 'secret12', adult: true });
const verify = (purpose: string, otp: string) => (phone: string) => ({ otp, phone, purpose });
const repeat = (n: number, step: Step): Step[] =>
  Array.from({ length: n }, (_, i) => [`${step[0]} #${i + 1}`, step[1], step[2], step[3]]);

async function outbox(phone: string) {
  const r = await t.db.query<{ text: string; purpose: string | null }>(
    'SELECT text, purpose FROM sms_outbox WHERE phone = $1 ORDER BY created_at',
    [phone],
  );
  return r.rows;
}

/** A 4-digit code that is not `code` (the stand-in has none; the new phone's real one is avoided). */
const wrongFor = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('POST /user/register', () => {
  it('answers a registered phone as a new one, to the byte, through verify, limits and resend', async () => {
    const owner = await createPlayer(t, { name: 'Owner', password: 'owner-pass' });
    await t.db.query(`UPDATE users SET language = 'mr' WHERE id = $1`, [owner.id]);
    const before = (await t.db.query('SELECT * FROM users WHERE id = $1', [owner.id])).rows[0];
    const fresh = nextPhone();
    const phones = [owner.phone, fresh];

    const [first] = await expectSameAnswers(phones, [
      ['register', 'POST', '/api/v1/user/register', register],
    ]);
    expect(first?.answer.status).toBe(200);
    expect(JSON.parse(first?.answer.body ?? '')).toEqual({
      status: true,
      message: 'OTP sent successfully',
      data: { name: 'Asha', phone: '<phone>' },
    });
    let wrong = wrongFor(await latestOtp(t, fresh));
    const seen = await expectSameAnswers(phones, [
      ['register again at once', 'POST', '/api/v1/user/register', register],
      ...repeat(2, [
        'a wrong registration code',
        'POST',
        '/api/v1/user/verify-otp',
        verify('registration', wrong),
      ]),
    ]);
    expect(seen.map((s) => s.answer.status)).toEqual([429, 400, 400]);
    expect(JSON.parse(seen[1]?.answer.body ?? '').message).toBe('Invalid OTP');

    for (const phone of phones) await clearOtpCooldown(t, phone);
    await expectSameAnswers(phones, [['resend', 'POST', '/api/v1/user/resend-otp', (phone) => ({ phone })]]);
    wrong = wrongFor(await latestOtp(t, fresh));
    const again = await expectSameAnswers(phones, [
      ...repeat(6, [
        'a wrong code after the resend',
        'POST',
        '/api/v1/user/verify-otp',
        verify('registration', wrong),
      ]),
      ['a login code never sent', 'POST', '/api/v1/user/verify-otp', verify('login', wrong)],
    ]);
    expect(again.map((s) => s.answer.status)).toEqual([400, 400, 400, 400, 429, 429, 400]);

    // The owner heard of both tries in Marathi, with no code; their account is as it was.
    const told = await outbox(owner.phone);
    expect(told.map((m) => m.text)).toEqual([
      translate(ALREADY_REGISTERED_SMS, 'mr'),
      translate(ALREADY_REGISTERED_SMS, 'mr'),
    ]);
    expect(told[0]?.text).not.toMatch(/\d{4}/);
    expect((await t.db.query('SELECT * FROM users WHERE id = $1', [owner.id])).rows[0]).toEqual(before);
    expect((await t.db.query('SELECT id FROM users WHERE phone = $1', [owner.phone])).rows).toHaveLength(1);
    expect((await loginWithOtp(t, owner.phone, 'owner-pass')).status).toBe(200);
  });

  it('still signs a new player in with the code, and an unverified phone can register again', async () => {
    const phone = nextPhone();
    expect((await send('POST', '/api/v1/user/register', register(phone), phone)).status).toBe(200);
    await clearOtpCooldown(t, phone);
    expect((await send('POST', '/api/v1/user/register', register(phone), phone)).status).toBe(200);
    const code = await latestOtp(t, phone);
    const res = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp: code, phone, purpose: 'registration' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: 'Registration successful!', data: { phone } });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('forget-password, resend-otp and reset-password', () => {
  it('answer a player, a blocked player and a phone nobody has alike, to the byte', async () => {
    const player = await createPlayer(t);
    const blocked = await createPlayer(t);
    await t.db.query('UPDATE users SET is_blocked = true WHERE id = $1', [blocked.id]);
    const phones = [player.phone, blocked.phone, nextPhone()];
    const first = await expectSameAnswers(phones, [
      ['resend with nothing sent', 'POST', '/api/v1/user/resend-otp', (phone) => ({ phone })],
      ['forget-password', 'POST', '/api/v1/user/forget-password', (phone) => ({ phone })],
      ['forget-password at once', 'POST', '/api/v1/user/forget-password', (phone) => ({ phone })],
    ]);
    expect(first.map((s) => s.answer.status)).toEqual([200, 200, 429]);
    let wrong = wrongFor(await latestOtp(t, player.phone));
    const seen = await expectSameAnswers(phones, [
      ...repeat(2, ['a wrong reset code', 'POST', '/api/v1/user/verify-otp', verify('password', wrong)]),
      [
        'reset without a grant',
        'POST',
        '/api/v1/user/reset-password',
        (phone) => ({
          phone,
          newPassword: 'newpass1',
          confirmPassword: 'newpass1',
          resetToken: 'made-up-token-made-up-token',
        }),
      ],
    ]);
    expect(seen.map((s) => s.answer.status)).toEqual([400, 400, 403]);

    // The resend gives a fresh code (or stand-in) with five new tries, for all alike.
    for (const phone of phones) await clearOtpCooldown(t, phone);
    await expectSameAnswers(phones, [['resend', 'POST', '/api/v1/user/resend-otp', (phone) => ({ phone })]]);
    wrong = wrongFor(await latestOtp(t, player.phone));
    const later = await expectSameAnswers(
      phones,
      repeat(6, [
        'a wrong code after the resend',
        'POST',
        '/api/v1/user/verify-otp',
        verify('password', wrong),
      ]),
    );
    expect(later.map((s) => s.answer.status)).toEqual([400, 400, 400, 400, 429, 429]);
    expect((await outbox(blocked.phone)).length).toBe(0);
  });

  it('trip the hourly cap at the same send for every phone, whatever the purposes', async () => {
    const player = await createPlayer(t);
    const phones = [player.phone, nextPhone()];
    const steps: Step[] = [];
    const paths = [
      'forget-password',
      'register',
      'forget-password',
      'resend-otp',
      'register',
      'forget-password',
    ];
    const seen = [];
    for (const [i, path] of paths.entries()) {
      for (const phone of phones) await clearOtpCooldown(t, phone);
      const body = path === 'register' ? register : (phone: string) => ({ phone });
      steps.length = 0;
      steps.push([`${path} (send ${i + 1})`, 'POST', `/api/v1/user/${path}`, body]);
      seen.push(...(await expectSameAnswers(phones, steps)));
    }
    expect(seen.map((s) => s.answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(JSON.parse(seen[5]?.answer.body ?? '').message).toBe(
      'Too many OTP requests. Please try again later.',
    );
  });
});

describe('POST /user/login', () => {
  it('answers a wrong password and an unknown phone alike, to the lockout and after it', async () => {
    const player = await createPlayer(t);
    const unverified = await createPlayer(t, { verified: false });
    const phones = [player.phone, unverified.phone, nextPhone()];
    const seen = await expectSameAnswers(
      phones,
      repeat(7, [
        'a wrong password',
        'POST',
        '/api/v1/user/login',
        (phone) => ({ phone, password: 'wrong-pw' }),
      ]),
    );
    expect(seen.map((s) => s.answer.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(JSON.parse(seen[0]?.answer.body ?? '').message).toBe('Invalid phone number or password');
  });
});
