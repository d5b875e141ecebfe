/**
 * The CSV exports (issue 36): each held against the rows it should carry (RFC 4180 read back by
 * a strict parser here), formula injection neutralised, owners only, every export audited, and
 * a range through the cursor's batches (more rows than one batch) in order, none lost or twice.
 */
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRows } from '../../../server/db/repositories/exports';
import { csvCell, csvLine } from '../../../server/services/reports/csv';
import { EXPORT_BATCH } from '../../../server/services/reports/exports';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { seedGame, seedRates, setBidRange } from '../money/helpers/money-fixtures';

const DAY = '2026-11-18';
let t: TestContext;
let p: PlayerFixture;
let evil: PlayerFixture;
let owner: { id: string; token: string; username: string };
let staff: { token: string };
let game: string;

/** RFC 4180, strictly: CRLF records, quoted fields with doubled quotes, nothing else allowed. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const row: string[] = [];
    for (;;) {
      let cell = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new Error('unterminated quote');
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          cell += text[i++];
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
          if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`);
          cell += text[i++];
        }
      }
      row.push(cell);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text.slice(i, i + 2) !== '\r\n') throw new Error(`record not ended by CRLF at ${i}`);
      i += 2;
      break;
    }
    rows.push(row);
  }
  return rows;
}

async function csv(kind: string, query: string, token = owner.token) {
  const res = await t.request('GET', `/api/v1/admin/exports/${kind}.csv?${query}`, { token });
  return { ...res, rows: res.status === 200 ? parseCsv(res.body as string) : [] };
}

/** The rows as objects keyed by the header. */
const records = (rows: string[][]) => {
  const [head = [], ...rest] = rows;
  return rest.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
};

beforeAll(async () => {
  t = await createTestContext({ now: `${DAY}T03:30:00Z` }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Kalyan, "Night"' });
  p = await createPlayer(t, { balance: 1000, name: 'Asha' });
  evil = await createPlayer(t, { balance: 1000, name: 'Ravi' });
  // A name a spreadsheet would run (the app's forms may refuse it; the database does not).
  await t.db.query(`UPDATE users SET name = $2 WHERE id = $1`, [evil.id, '=HYPERLINK("http://x.test","a")']);
  owner = await createAdmin(t);
  staff = await createAdmin(t, undefined, 'staff');
  const placed = await t.request('POST', '/api/v1/user/main/bids', {
    token: p.token,
    body: {
      bids: [
        { game, gameType: 'single-digit', session: 'Open', openDigit: '4', amount: 10 },
        { game, gameType: 'full-sangam', session: 'Open', openPanna: '149', closePanna: '258', amount: 5 },
      ],
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  await t.request('POST', '/api/v1/admin/results/main', {
    token: owner.token,
    body: { gameId: game, resultDate: DAY, session: 'open', panna: '149' },
  });
  await t.request('POST', '/api/v1/user/withdrawal/methods', {
    token: evil.token,
    body: { method: 'gpay', phoneNumber: '9876543210' },
  });
  const w = await t.request('POST', '/api/v1/user/withdrawal', {
    token: evil.token,
    body: { amount: 100, method: 'gpay' },
  });
  expect(w.status, JSON.stringify(w.body)).toBe(201);
  const f = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount: 250 } });
  expect(f.status, JSON.stringify(f.body)).toBeLessThan(300);
});
afterAll(() => t.close());

describe('csv cells', () => {
  it('quotes as RFC 4180 and neutralises what a spreadsheet would run', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    for (const bad of ['=1+1', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1', ' =1', '＝1+1', '\tx'])
      expect(csvCell(bad).replace(/^"/, '').startsWith("'"), JSON.stringify(bad)).toBe(true);
    // Numbers stay numbers, negative ones too.
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-3)).toBe('-3');
    expect(csvLine(['a', null, '=x'])).toBe("a,,'=x\r\n");
  });
});

describe('GET /admin/exports/{kind}.csv', () => {
  it('bids: one row per bid of the market days, with the header the contract names', async () => {
    const res = await csv('bids', `from=${DAY}&to=${DAY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="bids-${DAY}-to-${DAY}.csv"`);
    const [head] = res.rows;
    for (const column of [
      'bidId',
      'createdAt',
      'marketDay',
      'userId',
      'phone',
      'game',
      'gameType',
      'session',
      'amount',
      'status',
      'winAmount',
    ])
      expect(head).toContain(column);
    const db = await t.db.query<{ id: string; amount_paise: number; status: string; win_paise: number }>(
      'SELECT id, amount_paise, status, win_paise FROM bids ORDER BY bid_date, id',
    );
    const got = records(res.rows);
    expect(got.map((r) => r.bidId)).toEqual(db.rows.map((r) => r.id));
    const single = got.find((r) => r.gameType === 'single-digit');
    expect(single).toMatchObject({
      marketDay: DAY,
      userId: p.id,
      phone: p.phone,
      game: 'Kalyan, "Night"',
      family: 'main',
      session: 'Open',
      number: '4',
      amount: '10.00',
      status: 'won',
      winAmount: '95.00',
    });
    expect(got.find((r) => r.gameType === 'full-sangam')).toMatchObject({
      number: '149-258',
      amount: '5.00',
      status: 'pending',
      winAmount: '0.00',
    });
    expect(single?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/);
    expect(single?.gameTypeName).toBe('Single Digit');
    expect(got.find((r) => r.gameType === 'full-sangam')?.gameTypeName).toBe('Full Sangam');
    expect(head?.indexOf('gameTypeName')).toBe((head?.indexOf('gameType') ?? 0) + 1);
  });

  it("every time is in the market's zone with its offset, as the market day beside it", async () => {
    // 00:54:49 IST on the 18th is 19:24:49 UTC on the 17th: UTC wrote the bid a day before its market day.
    const bid = await t.db.query<{ id: string }>(
      "SELECT id FROM bids WHERE bid_date = $1 AND game_type = 'single-digit' LIMIT 1",
      [DAY],
    );
    const id = bid.rows[0]?.id as string;
    await t.db.query("UPDATE bids SET created_at = '2026-11-17T19:24:49.123Z' WHERE id = $1", [id]);
    const row = records((await csv('bids', `from=${DAY}&to=${DAY}`)).rows).find((r) => r.bidId === id);
    expect(row).toMatchObject({ createdAt: '2026-11-18T00:54:49+05:30', marketDay: DAY });
    for (const kind of ['ledger', 'funds', 'withdrawals']) {
      const rows = records((await csv(kind, 'from=2026-11-01&to=2026-12-31')).rows);
      expect(rows.length, kind).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.createdAt, kind).toMatch(/^2026-11-\d\dT\d\d:\d\d:\d\d\+05:30$/);
        if ('decidedAt' in r && r.decidedAt) expect(r.decidedAt).toMatch(/\+05:30$/);
      }
    }
  });

  it('a zone behind UTC, with half hours, writes its own offset (the sign and the minutes)', async () => {
    const seen: string[] = [];
    const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') };
    for (const [tz, offset] of [
      ['America/St_Johns', '-03:30'],
      ['UTC', '+00:00'],
      ['Asia/Kathmandu', '+05:45'],
    ] as const) {
      await exportRows(t.db, 'ledger', { ...range, tz, gameTypeNames: {} }, 500, async (rows) => {
        for (const r of rows) seen.push(`${r.createdAt}`);
      });
      expect(seen.length).toBeGreaterThan(0);
      for (const at of seen.splice(0)) expect(at.endsWith(offset), `${tz}: ${at}`).toBe(true);
    }
  });

  it('ledger: every entry created in the market days, credits and debits in words', async () => {
    const res = await csv('ledger', 'from=2026-11-01&to=2026-12-31');
    const db = await t.db.query<{ id: string; amount_paise: number; kind: string }>(
      'SELECT id, amount_paise, kind FROM ledger ORDER BY created_at, id',
    );
    const got = records(res.rows);
    expect(got.map((r) => r.entryId)).toEqual(db.rows.map((r) => r.id));
    for (const [i, row] of db.rows.entries()) {
      expect(got[i]?.type).toBe(row.amount_paise > 0 ? 'credit' : 'debit');
      expect(got[i]?.amount).toBe((Math.abs(row.amount_paise) / 100).toFixed(2));
      expect(got[i]?.kind).toBe(row.kind);
    }
    expect(got.some((r) => r.kind === 'win' && r.amount === '95.00')).toBe(true);
  });

  it('withdrawals and funds: the player-typed name is neutralised, the payee written out', async () => {
    const w = records((await csv('withdrawals', 'from=2026-11-01&to=2026-12-31')).rows);
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({
      userId: evil.id,
      name: `'=HYPERLINK("http://x.test","a")`,
      amount: '100.00',
      method: 'gpay',
      upiPhone: '9876543210',
      status: 'pending',
    });
    const f = records((await csv('funds', 'from=2026-11-01&to=2026-12-31')).rows);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ userId: p.id, name: 'Asha', amount: '250.00', status: 'pending' });
  });

  it('an empty range is the header alone', async () => {
    const res = await csv('withdrawals', 'from=2020-01-01&to=2020-01-31');
    expect(res.status).toBe(200);
    expect(res.rows).toHaveLength(1);
    expect(res.rows[0]?.[0]).toBe('withdrawalId');
  });

  it('more rows than one cursor batch come out whole, in order, each once', async () => {
    const n = EXPORT_BATCH * 2 + 7;
    await t.db.query(
      `INSERT INTO bids (request_id, user_id, game_id, family, game_type, session, open_digit, atom, bid_date, amount_paise)
       SELECT gen_random_uuid(), $1, $2, 'main', 'single-digit', 'Open', (g % 10)::text, '{"digit":"1"}'::jsonb,
              '2026-11-19'::date, 100 + g
         FROM generate_series(1, $3::int) g`,
      [p.id, game, n],
    );
    const res = await csv('bids', 'from=2026-11-19&to=2026-11-19');
    const got = records(res.rows);
    expect(got).toHaveLength(n);
    const ids = got.map((r) => r.bidId as string);
    expect(new Set(ids).size).toBe(n);
    expect([...ids].sort()).toEqual(ids);
    const total = got.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
    expect(total).toBe(100 * n + (n * (n + 1)) / 2);
  });

  it('ledger entries of one instant (one transaction writes several) across batches: each once', async () => {
    const n = EXPORT_BATCH * 2 + 3;
    // One statement: every row has the same created_at, so only the id orders them.
    await t.db.query(
      `INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description)
       SELECT $1, CASE WHEN g % 2 = 0 THEN 1 ELSE -1 END, 'adjustment', 'tie-' || g, 'Tie ' || g
         FROM generate_series(1, $2::int) g`,
      [evil.id, n],
    );
    const got = records((await csv('ledger', 'from=2026-11-01&to=2026-12-31')).rows).filter((r) =>
      String(r.reference).startsWith('tie-'),
    );
    expect(got).toHaveLength(n);
    expect(new Set(got.map((r) => r.entryId)).size).toBe(n);
  });

  it('other requests are answered while a long export streams (PGlite shares its one thread)', async () => {
    await t.db.query(
      `INSERT INTO bids (request_id, user_id, game_id, family, game_type, session, open_digit, atom, bid_date, amount_paise)
       SELECT gen_random_uuid(), $1, $2, 'main', 'single-digit', 'Open', '1', '{"digit":"1"}'::jsonb,
              '2026-11-20'::date, 100
         FROM generate_series(1, $3::int) g`,
      [p.id, game, EXPORT_BATCH * 12],
    );
    // Real sockets, as in production, and the export read by another process (a reader in this
    // process would lend the server its own turns of the event loop).
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const reader = spawn(
        process.execPath,
        [
          '-e',
          `const r = await fetch(process.argv[1], { headers: { authorization: process.argv[2] } });
           console.log('started'); for await (const _ of r.body) {} console.log('done');`,
          '--input-type=module',
          `${base}/api/v1/admin/exports/bids.csv?from=2026-11-20&to=2026-11-20`,
          `Bearer ${owner.token}`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      const started = new Promise<void>((resolve) =>
        reader.stdout.on('data', (d) => {
          out += d;
          if (out.includes('started')) resolve();
        }),
      );
      let exportDone = 0;
      const exited = new Promise<void>((resolve) =>
        reader.once('exit', () => {
          exportDone = performance.now();
          resolve();
        }),
      );
      await started;
      const other = await fetch(`${base}/api/v1/admin/reports/pnl?from=2026-11-20&to=2026-11-20`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const otherDone = performance.now();
      expect(other.status).toBe(200);
      await exited;
      expect(out).toContain('done');
      expect(otherDone).toBeLessThan(exportDone);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('a client that stops reading ends the read: no cursor left, no transaction held', async () => {
    const res = await t.app.request('/api/v1/admin/exports/bids.csv?from=2026-11-19&to=2026-11-19', {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value).startsWith('bidId,')).toBe(true);
    await reader.cancel();
    let open = -1;
    for (let i = 0; i < 50 && open !== 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      // PostgreSQL: the cursor's transaction is gone; PGlite: each batch is a statement, no cursor.
      const r = await t.db.query<{ n: number }>(
        t.db.kind === 'pglite'
          ? "SELECT count(*)::int8 AS n FROM pg_cursors WHERE name LIKE 'c\\_%'"
          : `SELECT count(*)::int8 AS n FROM pg_stat_activity
              WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      );
      open = Number(r.rows[0]?.n);
    }
    expect(open).toBe(0);
  });

  it('owners only, each export in the audit log with its query', async () => {
    expect((await csv('bids', `from=${DAY}&to=${DAY}`, staff.token)).status).toBe(403);
    expect((await csv('bids', `from=${DAY}&to=${DAY}`, p.token)).status).toBe(403);
    expect((await t.request('GET', `/api/v1/admin/exports/ledger.csv?from=${DAY}&to=${DAY}`)).status).toBe(
      401,
    );
    const log = await t.request('GET', '/api/v1/admin/audit-log?limit=100', { token: owner.token });
    const exports = (
      log.body.data as Array<{ route: string; status: number; request: unknown; username: string }>
    ).filter((e) => e.route.startsWith('/api/v1/admin/exports/'));
    expect(exports.length).toBeGreaterThanOrEqual(7);
    const funds = exports.find((e) => e.route === '/api/v1/admin/exports/funds.csv');
    expect(funds).toMatchObject({
      status: 200,
      action: 'data-export',
      request: { from: '2026-11-01', to: '2026-12-31' },
    });
    const filtered = await t.request('GET', '/api/v1/admin/audit-log?action=data-export&limit=100', {
      token: owner.token,
    });
    expect(filtered.body.data.length).toBe(exports.length);
  });

  it('a bad range answers 400 in JSON, before any CSV', async () => {
    for (const query of [`from=${DAY}&to=2026-11-01`, 'from=2025-01-01&to=2026-12-31', 'from=x&to=y', '']) {
      const res = await csv('bids', query);
      expect(res.status, query).toBe(400);
      expect(res.body.status).toBe(false);
    }
    expect((await csv('players', `from=${DAY}&to=${DAY}`)).status).toBe(404);
  });
});
