import { expect } from 'vitest';
import { latestOtp } from './fixtures';
import type { TestContext } from './test-app';

/** Registers a phone and verifies it with the code from the SMS outbox. */
export async function registerAndVerify(t: TestContext, phone: string, extra: Record<string, unknown> = {}) {
  const reg = await t.request('POST', '/api/v1/user/register', {
    body: { name: 'Asha', phone, password: 'secret12', adult: true, ...extra },
  });
  expect(reg.status).toBe(200);
  const otp = await latestOtp(t, phone);
  const ver = await t.request('POST', '/api/v1/user/verify-otp', {
    body: { otp, phone, purpose: 'registration' },
  });
  expect(ver.status).toBe(200);
  return ver;
}

/** Password, then the login code from the outbox: answers the verify-otp response. */
export async function loginWithOtp(t: TestContext, phone: string, password: string) {
  const res = await t.request('POST', '/api/v1/user/login', { body: { phone, password } });
  expect(res.status).toBe(200);
  const otp = await latestOtp(t, phone);
  return t.request('POST', '/api/v1/user/verify-otp', { body: { otp, phone, purpose: 'login' } });
}
