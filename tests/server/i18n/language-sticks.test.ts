/**
 * A language that sticks (issue 45). PUT /user/language is in force on the very next request with
 * the same token (the token cache held the old one for up to 5 s); the cross-process half is in
 * pg-only/language-processes.test.ts. At sign-in a language the player never chose never overrides
 * the one on their screen: a new account takes the language it registered in, an account that
 * never chose takes the phone's at every sign-in, and an explicit choice wins from then on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEn } from '../../../src/i18n/en/domain';
import { domain as hiDomain } from '../../../src/i18n/hi/domain';
import { domain as mrDomain } from '../../../src/i18n/mr/domain';
import { clearOtpCooldown, createPlayer, latestOtp, nextPhone } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A refusal that needs a signed-in player and says something: its language is the session's. */
async function refusal(token: string): Promise<string> {
  const r = await t.request('POST', '/api/v1/user/main/bids', { token, body: { bids: [] } });
  expect(r.status).toBe(422);
  return r.body.message;
}

async function saved(phone: string) {
  const r = await t.db.query<{ language: string; language_chosen: boolean }>(
    'SELECT language, language_chosen FROM users WHERE phone = $1',
    [phone],
  );
  return r.rows[0];
}

/** Password, then the login code, with the phone's language in Accept-Language (as the app sends it). */
async function signIn(phone: string, password: string, phoneLanguage?: string) {
  const headers: Record<string, string> = phoneLanguage ? { 'accept-language': phoneLanguage } : {};
  await clearOtpCooldown(t, phone);
  expect((await t.request('POST', '/api/v1/user/login', { body: { phone, password }, headers })).status).toBe(
    200,
  );
  const otp = await latestOtp(t, phone);
  const res = await t.request('POST', '/api/v1/user/verify-otp', {
    body: { otp, phone, purpose: 'login' },
    headers,
  });
  expect(res.status).toBe(200);
  return res.body as { token: string; data: { language: string } };
}

describe('PUT /user/language', () => {
  it('is in force on the next request with the same token, and marks the choice', async () => {
    const p = await createPlayer(t);
    // The token is looked up and kept (up to 5 s) by the first call.
    expect(await refusal(p.token)).toBe(domainEn.addOneBid);
    const put = await t.request('PUT', '/api/v1/user/language', { token: p.token, body: { language: 'hi' } });
    expect(put.status).toBe(200);
    expect(await refusal(p.token)).toBe(hiDomain.addOneBid);
    await t.request('PUT', '/api/v1/user/language', { token: p.token, body: { language: 'mr' } });
    expect(await refusal(p.token)).toBe(mrDomain.addOneBid);
    expect(await saved(p.phone)).toEqual({ language: 'mr', language_chosen: true });
  });
});

describe('the language at sign-in', () => {
  it('a new account takes the language it registered in, not yet as a choice', async () => {
    const phone = nextPhone();
    const headers = { 'accept-language': 'mr' };
    const reg = await t.request('POST', '/api/v1/user/register', {
      body: { name: 'Asha', phone, password: 'secret12', adult: true },
      headers,
    });
    expect(reg.status).toBe(200);
    expect(await saved(phone)).toEqual({ language: 'mr', language_chosen: false });
    const ver = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp: await latestOtp(t, phone), phone, purpose: 'registration' },
      headers,
    });
    expect(ver.body.data.language).toBe('mr');
    expect(await refusal(ver.body.token)).toBe(mrDomain.addOneBid);
  });

  it("an account that never chose takes the phone's language at each sign-in", async () => {
    const p = await createPlayer(t);
    const marathi = await signIn(p.phone, p.password, 'mr');
    expect(marathi.data.language).toBe('mr');
    expect(await saved(p.phone)).toEqual({ language: 'mr', language_chosen: false });
    // Another phone, in Hindi: still never chosen, so the phone's language again.
    expect((await signIn(p.phone, p.password, 'hi')).data.language).toBe('hi');
    // A client that names no language changes nothing.
    expect((await signIn(p.phone, p.password)).data.language).toBe('hi');
  });

  it('an explicit choice wins at every later sign-in, on any phone', async () => {
    const p = await createPlayer(t);
    await t.request('PUT', '/api/v1/user/language', { token: p.token, body: { language: 'hi' } });
    const elsewhere = await signIn(p.phone, p.password, 'mr');
    expect(elsewhere.data.language).toBe('hi');
    expect(await saved(p.phone)).toEqual({ language: 'hi', language_chosen: true });
    // Without Accept-Language the session answers in the saved choice.
    expect(await refusal(elsewhere.token)).toBe(hiDomain.addOneBid);
  });

  it('registering again before the code keeps a language the account has', async () => {
    const phone = nextPhone();
    const body = { name: 'Asha', phone, password: 'secret12', adult: true };
    await t.request('POST', '/api/v1/user/register', { body, headers: { 'accept-language': 'hi' } });
    await clearOtpCooldown(t, phone);
    await t.request('POST', '/api/v1/user/register', { body, headers: { 'accept-language': 'mr' } });
    expect(await saved(phone)).toEqual({ language: 'mr', language_chosen: false });
    await clearOtpCooldown(t, phone);
    await t.request('POST', '/api/v1/user/register', { body });
    expect(await saved(phone)).toEqual({ language: 'mr', language_chosen: false });
  });
});
