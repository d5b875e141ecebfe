import { type AddressInfo, createServer } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey, forwardedClient } from '../../server/http/client-address';
import { createPlayer, nextPhone } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

/**
 * "No limits per client address": one address must not pump OTP SMS to thousands of numbers, walk
 * the number space through registration, lock many players out, or open unlimited fund orders.
 * The limits are set low here and attacked with bursts in parallel from one address (behind one
 * trusted proxy, X-Forwarded-For); another address is not affected.
 */
const LIMITS = {
  TRUST_PROXY: '1',
  LIMIT_OTP_SENDS_PER_ADDRESS_HOUR: '10',
  LIMIT_REGISTRATIONS_PER_ADDRESS_HOUR: '6',
  LIMIT_LOGINS_PER_ADDRESS_15MIN: '12',
  LIMIT_FUND_ORDERS_PER_ADDRESS_HOUR: '8',
  LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: '3',
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: LIMITS });
});
afterAll(() => t.close());

const from = (address: string) => ({ 'x-forwarded-for': address });
const count = (answers: { status: number }[], status: number) =>
  answers.filter((a) => a.status === status).length;

describe('the client address', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:db8:aa:bb::9', '2001:db8:aa:bb::/64'],
    ['[2001:db8::1]', '2001:db8:0:0::/64'],
    ['not-an-ip', 'unknown'],
    ['', 'unknown'],
  ])('addressKey(%j) is %j', (raw, key) => {
    expect(addressKey(raw)).toBe(key);
  });

  it.each([
    ['6.6.6.6', '10.0.0.1', 0, '10.0.0.1'],
    ['6.6.6.6', '10.0.0.1', 1, '6.6.6.6'],
    ['6.6.6.6, 1.2.3.4', '10.0.0.1', 1, '1.2.3.4'],
    ['6.6.6.6, 1.2.3.4, 10.0.0.2', '10.0.0.1', 2, '1.2.3.4'],
    [undefined, '10.0.0.1', 1, '10.0.0.1'],
  ])('forwardedClient(%j, %j, %i) is %j', (xff, socket, trusted, client) => {
    expect(forwardedClient(xff, socket, trusted)).toBe(client);
  });
});

describe('per-address limits under parallel bursts', () => {
  it('OTP sends: 40 forget-password requests for 40 players from one address send at most 10 SMS', async () => {
    const players = await Promise.all(Array.from({ length: 40 }, () => createPlayer(t)));
    const answers = await Promise.all(
      players.map((p) =>
        t.request('POST', '/api/v1/user/forget-password', {
          body: { phone: p.phone },
          headers: from('7.7.7.1'),
        }),
      ),
    );
    expect(count(answers, 200)).toBe(10);
    expect(count(answers, 429)).toBe(30);
    const sent = await t.db.query(
      `SELECT 1 FROM sms_outbox WHERE phone IN (SELECT jsonb_array_elements_text($1::jsonb))`,
      [JSON.stringify(players.map((p) => p.phone))],
    );
    expect(sent.rows).toHaveLength(10);
    // A player the burst could not reach still gets a code from another address.
    const refused = players[answers.findIndex((a) => a.status === 429)];
    const other = await t.request('POST', '/api/v1/user/forget-password', {
      body: { phone: refused?.phone },
      headers: from('7.7.7.2'),
    });
    expect(other.status).toBe(200);
  });

  it('registrations: a walk over 30 numbers (taken or not) from one address stops after 6', async () => {
    const taken = await createPlayer(t);
    const phones = [taken.phone, ...Array.from({ length: 29 }, () => nextPhone())];
    const answers = await Promise.all(
      phones.map((phone) =>
        t.request('POST', '/api/v1/user/register', {
          body: { name: 'Walker', phone, password: 'secret12', adult: true },
          headers: from('7.7.7.3'),
        }),
      ),
    );
    expect(count(answers, 429)).toBe(24);
    expect(answers.filter((a) => a.status === 200 || a.status === 409)).toHaveLength(6);
    const created = await t.db.query(
      `SELECT 1 FROM users WHERE phone IN (SELECT jsonb_array_elements_text($1::jsonb))`,
      [JSON.stringify(phones.slice(1))],
    );
    expect(created.rows.length).toBeLessThanOrEqual(6);
  });

  it('logins: one address cannot lock out more than a couple of players', async () => {
    const victims = await Promise.all(Array.from({ length: 10 }, () => createPlayer(t)));
    const answers = await Promise.all(
      victims.flatMap((v) =>
        Array.from({ length: 5 }, (_, i) =>
          t.request('POST', '/api/v1/user/login', {
            body: { phone: v.phone, password: `guess-${i}` },
            headers: from('7.7.7.4'),
          }),
        ),
      ),
    );
    expect(count(answers, 401)).toBe(12);
    expect(count(answers, 429)).toBe(38);
    // Twelve wrong passwords can lock out at most two of the ten players; the rest log in.
    let lockedOut = 0;
    for (const v of victims) {
      const r = await t.request('POST', '/api/v1/user/login', {
        body: { phone: v.phone, password: v.password },
        headers: from(`8.8.${victims.indexOf(v)}.1`),
      });
      if (r.status === 429) lockedOut += 1;
      else expect(r.status).toBe(200);
    }
    expect(lockedOut).toBeLessThanOrEqual(2);
  });

  it('fund orders: 30 at once from one address open at most 8, and one player holds at most 3 pending', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => createPlayer(t)));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.request('POST', '/api/v1/user/fund', {
          token: players[i % 10]?.token,
          body: { amount: 100 },
          headers: from('7.7.7.5'),
        }),
      ),
    );
    expect(count(answers, 201)).toBe(8);
    expect(count(answers, 429)).toBe(22);

    const p = await createPlayer(t);
    const mine = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request('POST', '/api/v1/user/fund', {
          token: p.token,
          body: { amount: 100 },
          headers: from(`9.9.9.${i}`),
        }),
      ),
    );
    expect(count(mine, 201)).toBe(3);
    expect(count(mine, 422)).toBe(17);
    expect(mine.find((a) => a.status === 422)?.body.message).toBe(
      'You already have 3 pending payments. Please complete them or wait a while before adding more funds.',
    );
    const pending = await t.db.query(
      `SELECT 1 FROM fund_requests WHERE user_id = $1 AND status = 'pending'`,
      [p.id],
    );
    expect(pending.rows).toHaveLength(3);
  });
});

describe('TRUST_PROXY=0 (the default) on a real socket', () => {
  it('ignores X-Forwarded-For: a client cannot pick a fresh address per request', async () => {
    const t0 = await createTestContext({ env: { ...LIMITS, TRUST_PROXY: '0' } });
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const server = serve({ fetch: t0.app.fetch, port, hostname: '127.0.0.1' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          fetch(`http://127.0.0.1:${port}/api/v1/user/forget-password`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `5.5.5.${i}` },
            body: JSON.stringify({ phone: nextPhone() }),
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
      const bucket = await t0.db.query<{ key: string }>(
        `SELECT key FROM rate_limit_buckets WHERE key LIKE 'addr-otp:%'`,
      );
      expect(bucket.rows.map((r) => r.key)).toEqual(['addr-otp:127.0.0.1']);
    } finally {
      await new Promise((r) => server.close(r));
      await t0.close();
    }
  });
});
