#!/usr/bin/env node
// A stand-in result service (issue 46; docs/result-feeds.md) for demos and tests: it publishes a
// result for every market of a running server, the same one for a market and day every time (a
// hash of --seed, the market and the day picks one of the server's 220 pannas), so two stand-ins
// with one seed agree and the server's quorum declares what they say.
//
//   node scripts/result-feed-standin.mjs --server http://127.0.0.1:8080
//       serves two "sites" a server can poll: http://127.0.0.1:8090/a.json and /b.json
//       (--disagree "Kalyan" makes site b say something else for Kalyan: a conflict to resolve)
//   node scripts/result-feed-standin.mjs --server ... --setup --owner admin --password ...
//       also adds the two sites as json-url sources STANDIN-A and STANDIN-B mapping the main
//       markets (--markets "Kalyan,Milan Day" to choose), and turns those markets' automatic
//       draws off so the feed declares their results. A fresh demo install shows the feed at work.
//   node scripts/result-feed-standin.mjs --server ... --push STANDIN-P --secret $RESULT_FEED_SECRET
//       posts the results to /api/results/feed/{secret}/STANDIN-P every --every seconds instead.
//
// It sends the pannas (open, close) and lets the server derive and check digits and jodis, and it
// publishes every session of the day: the server stores those whose time has not come as early and
// judges them again when they are sent after it. Node 22, no dependencies.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    server: { type: 'string', default: 'http://127.0.0.1:8080' },
    port: { type: 'string', default: '8090' },
    seed: { type: 'string', default: 'standin' },
    disagree: { type: 'string', default: '' },
    date: { type: 'string' },
    setup: { type: 'boolean', default: false },
    owner: { type: 'string', default: process.env.ADMIN_USERNAME ?? '' },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD ?? '' },
    markets: { type: 'string', default: '' },
    push: { type: 'string' },
    secret: { type: 'string', default: process.env.RESULT_FEED_SECRET ?? '' },
    every: { type: 'string', default: '60' },
  },
});
const SERVER = opts.server.replace(/\/$/, '');
const FAMILIES = [
  ['main', 'main-games'],
  ['starline', 'starline-games'],
  ['galidisawar', 'galidisawar-games'],
];

async function api(method, path, { token, body } = {}) {
  const res = await fetch(`${SERVER}/api/v1/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ''}`);
  return json;
}

/** What the server knows: its market zone, its markets, its 220 pannas (never typed here). */
async function serverFacts() {
  const config = await api('GET', 'config');
  const pannas = (await api('GET', 'admin/all-panna')).data.map((p) => p.digit);
  const markets = [];
  for (const [family, path] of FAMILIES)
    for (const g of (await api('GET', `admin/${path}`)).data)
      markets.push({ family, id: g._id, name: g.gameName });
  return { tz: config.data.marketTz, pannas, markets };
}

/** A number from the seed, the market, the day and what is drawn. */
const pick = (n, ...parts) => createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) % n;

/** Today's results of every market, as a result site publishes them. */
async function results(site) {
  const { tz, pannas, markets } = await serverFacts();
  const date = opts.date ?? new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
  const differs = new Set(
    opts.disagree
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
  return markets.map((m) => {
    const seed = site === 'b' && differs.has(m.name.toLowerCase()) ? `${opts.seed}-other` : opts.seed;
    const panna = (what) => pannas[pick(pannas.length, seed, m.name, date, what)];
    if (m.family === 'galidisawar')
      return { market: m.name, date, jodi: String(pick(100, seed, m.name, date)).padStart(2, '0') };
    if (m.family === 'starline') return { market: m.name, date, open: panna('draw') };
    return { market: m.name, date, open: panna('open'), close: panna('close') };
  });
}

/** --setup: the two sites as sources of the server, and the chosen markets fed rather than drawn. */
async function setUp(port) {
  if (!opts.owner || !opts.password)
    throw new Error('--setup needs --owner and --password (an owner of the server)');
  const login = await api('POST', 'admin/login', { body: { username: opts.owner, password: opts.password } });
  if (!login.token) throw new Error('the owner must sign in without a second factor for --setup');
  const token = login.token;
  const wanted = opts.markets
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const { markets: all } = await serverFacts();
  const markets = all.filter((m) =>
    wanted.length ? wanted.includes(m.name.toLowerCase()) : m.family === 'main' && !/^demo /i.test(m.name),
  );
  const mapping = Object.fromEntries(markets.map((m) => [m.name, m.id]));
  for (const site of ['a', 'b']) {
    const name = `STANDIN-${site.toUpperCase()}`;
    const body = {
      name,
      kind: 'json-url',
      url: `http://127.0.0.1:${port}/${site}.json`,
      enabled: true,
      markets: mapping,
    };
    const existing = (await api('GET', 'admin/result-sources', { token })).data.find((s) => s.name === name);
    if (existing) await api('PATCH', `admin/result-sources/${existing._id}`, { token, body });
    else await api('POST', 'admin/result-sources', { token, body });
  }
  for (const m of markets) {
    const path = FAMILIES.find(([f]) => f === m.family)[1];
    await api('PUT', `admin/${path}/${m.id}`, { token, body: { autoResult: false } });
  }
  console.log(
    `sources STANDIN-A and STANDIN-B feed ${markets.length} markets: ${markets.map((m) => m.name).join(', ')}`,
  );
}

async function pushLoop() {
  if (!opts.secret) throw new Error("--push needs --secret (the server's RESULT_FEED_SECRET)");
  const send = async () => {
    const res = await fetch(`${SERVER}/api/results/feed/${opts.secret}/${opts.push}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await results('a')),
    });
    const json = await res.json().catch(() => ({}));
    const outcomes = {};
    for (const r of json.data ?? []) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    console.log(`pushed as ${opts.push}: ${res.status}`, outcomes);
  };
  await send();
  setInterval(() => send().catch((e) => console.error(e.message)), Number(opts.every) * 1000);
}

if (opts.push) await pushLoop();
else {
  const port = Number(opts.port);
  const server = createServer(async (req, res) => {
    const site = /^\/([ab])\.json$/.exec(req.url ?? '')?.[1];
    if (!site) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = JSON.stringify(await results(site));
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error.message));
    }
  });
  server.listen(port, '127.0.0.1', async () => {
    console.log(`result sites at http://127.0.0.1:${port}/a.json and /b.json (results of ${SERVER})`);
    if (opts.setup) await setUp(port).catch((e) => console.error(`setup failed: ${e.message}`));
  });
}
