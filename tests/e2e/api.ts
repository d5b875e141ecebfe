import { inject } from 'vitest';
import { SECOND_OWNER } from '../../scripts/bench/helpers.mjs';

let serverOverride: string | null = null;

/** The server this test file talks to: the suite's, or one the file started itself (useServer). */
export function serverUrl(): string {
  return serverOverride ?? inject('baseUrl');
}

/** Points this test file's browser and calls at another server (one started with other settings). */
export function useServer(url: string): void {
  serverOverride = url;
}

/** Direct calls to the test server, for setup and for reading what the app cannot show (OTPs). */
export async function call<T = unknown>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const r = await fetch(`${serverUrl()}/api/v1/${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A POST as the app sends a money write: with the token and a fresh Idempotency-Key. */
export async function postOnce<T = { message?: string }>(path: string, token: string, body: unknown) {
  const r = await fetch(`${serverUrl()}/api/v1/${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as T };
}

let adminToken: string | null = null;

/** The operator token (the server created the operator from ADMIN_USERNAME/ADMIN_PASSWORD). */
export async function getAdminToken(): Promise<string> {
  if (adminToken) return adminToken;
  const r = await call<{ token: string }>('POST', 'admin/login', { body: inject('admin') });
  if (r.status !== 200) throw new Error(`admin login failed: ${r.status} ${JSON.stringify(r.body)}`);
  adminToken = r.body.token;
  return adminToken;
}

/** The newest OTP texted to a phone, read from the SMS outbox. */
export async function latestOtp(phone: string, notBefore = 0): Promise<string> {
  const token = await getAdminToken();
  for (let i = 0; i < 40; i++) {
    const r = await call<{ data: Array<{ text: string; createdAt: string }> }>(
      'GET',
      `admin/sms-outbox?phone=${phone}`,
      { token },
    );
    const newest = r.body.data?.[0];
    if (newest && Date.parse(newest.createdAt) >= notBefore) {
      const code = /\b(\d{4})\b/.exec(newest.text)?.[1];
      if (code) return code;
    }
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`no OTP for ${phone}`);
}

/** A phone number nobody else in this run uses (10 digits, starting 6-9). */
export function uniquePhone(): string {
  return `9${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

let secondOwner: Promise<string> | null = null;

/** The second owner's token (added from the shell by global-setup.ts; four eyes need two owners). */
export function getSecondOwnerToken(): Promise<string> {
  secondOwner ??= (async () =>
    (await call<{ token: string }>('POST', 'admin/login', { body: SECOND_OWNER })).body.token)();
  return secondOwner;
}

/**
 * Credits a player as four eyes have it (issue 19): the suite's operator requests the adjustment,
 * the second owner (added from the shell by global-setup.ts) applies it. Answers the approval's
 * status.
 */
export async function creditWallet(userId: string, amount: number, description: string): Promise<number> {
  const admin = await getAdminToken();
  const requested = await call<{ data: { _id: string } }>('POST', `admin/users/${userId}/wallet`, {
    token: admin,
    body: { type: 'credit', amount, description },
  });
  if (requested.status !== 202) return requested.status;
  const applied = await call('POST', `admin/wallet-adjustments/${requested.body.data._id}/approve`, {
    token: await getSecondOwnerToken(),
  });
  return applied.status;
}
