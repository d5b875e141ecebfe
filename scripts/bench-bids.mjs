#!/usr/bin/env node
// Benchmark against a running local server: bids placed per second and settlement time for N bids.
//   ADMIN_USERNAME=... ADMIN_PASSWORD=... node scripts/bench-bids.mjs [N=5000]
// Env: BASE_URL (http://localhost:8080), BENCH_PHONE/BENCH_PASSWORD (the demo player by default).
// It creates its own market ("Bench <time>", 00:00-23:59), credits the player through an operator
// wallet adjustment, places N Close-session single-digit bids in requests of 500 rows, then
// declares the open and close results and times the close settlement. Demo markets are untouched.
const BASE = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const N = Math.max(1, Number(process.argv[2] ?? 5000));
const PHONE = process.env.BENCH_PHONE ?? '9876543210';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'demo123';
const TZ = process.env.MARKET_TZ ?? 'Asia/Kolkata';

async function call(method, path, { token, body } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(BASE + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ''}`);
  return json;
}

async function main() {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = process.env;
  if (!username || !password)
    throw new Error('Set ADMIN_USERNAME and ADMIN_PASSWORD (the operator of that server).');
  const admin = (await call('POST', '/api/v1/admin/login', { body: { username, password } })).token;
  await call('POST', '/api/v1/user/login', { body: { phone: PHONE, password: PASSWORD } });
  const sms = await call('GET', `/api/v1/admin/sms-outbox?phone=${PHONE}`, { token: admin });
  const otp = /\b\d{4}\b/.exec(sms.data[0]?.text ?? '')?.[0];
  const player = (
    await call('POST', '/api/v1/user/verify-otp', { body: { otp, phone: PHONE, purpose: 'login' } })
  ).token;
  const me = (await call('GET', '/api/v1/user/user-details', { token: player })).data;
  const game = (
    await call('POST', '/api/v1/admin/main-games', {
      token: admin,
      body: { gameName: `Bench ${Date.now()}`, openTime: '00:00', closeTime: '23:59' },
    })
  ).data._id;
  await call('POST', `/api/v1/admin/users/${me._id}/wallet`, {
    token: admin,
    body: { type: 'credit', amount: N * 10, description: 'Benchmark stake' },
  });

  const rows = Array.from({ length: N }, (_, i) => ({
    game,
    gameType: 'single-digit',
    amount: 10,
    session: 'Close',
    closeDigit: String(i % 10),
  }));
  const started = performance.now();
  for (let i = 0; i < rows.length; i += 500) {
    await call('POST', '/api/v1/user/main/bids', { token: player, body: { bids: rows.slice(i, i + 500) } });
  }
  const placeMs = performance.now() - started;

  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  await call('POST', '/api/v1/admin/results/main', {
    token: admin,
    body: { gameId: game, resultDate: day, session: 'open', panna: '123' },
  });
  const t0 = performance.now();
  const close = await call('POST', '/api/v1/admin/results/main', {
    token: admin,
    body: { gameId: game, resultDate: day, session: 'close', panna: '456' },
  });
  const settleMs = performance.now() - t0;
  const s = close.data.settlement;
  console.log(
    `bids placed:      ${N} in ${(placeMs / 1000).toFixed(2)} s = ${Math.round((N / placeMs) * 1000)} bids/s (requests of 500)`,
  );
  console.log(
    `settlement:       ${s.settledBids} bids (${s.winners} winners, ${s.totalWinAmount} points) in ${settleMs.toFixed(0)} ms`,
  );
}

main().catch((error) => {
  console.error(`bench-bids: ${error.message}`);
  process.exit(1);
});
