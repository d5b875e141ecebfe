/**
 * The restore drill (docs/backups-and-upgrades.md): players bid in parallel on the compiled server
 * while an owner takes a backup; the backup is restored with the restore program into an empty
 * database, a server is started on it, and every money invariant is checked there, with every bid
 * acknowledged before the backup began present.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  ADMIN,
  adminToken,
  client,
  creditWallet,
  LIFTED_LIMITS,
  marketDay,
  newPlayer,
  setMainRates,
} from '../../../scripts/bench/helpers.mjs';
import type { Queryable } from '../../../server/db/types';
import { startCompiledServer } from './server-process';

/** An IANA zone where it is about midday now, so the market is open at any hour of the run. */
export function middayZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

export const DRILL_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DEMO_SEED: 'false',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  SHUTDOWN_TIMEOUT_MS: '5000',
  ...LIFTED_LIMITS,
};

export interface DrillResult {
  file: string;
  /** Bids answered 201 before the backup request was sent. */
  ackedBefore: string[];
  ackedTotal: number;
  /** Bids whose connection failed (no answer): not acknowledged, so not required. */
  networkErrors: number;
  playerBalances: Map<string, { token: string; phone: string }>;
}

/** Runs players bidding and a backup in the middle on a started server (`env` as it was started). */
export async function bidAndBackUp(url: string, tz: string, backupDir: string): Promise<DrillResult> {
  const call = client(url);
  const admin = await adminToken(call);
  await setMainRates(call, admin);
  const players: Array<{ id: string; token: string; phone: string }> = [];
  for (let i = 0; i < 6; i++) {
    const p = await newPlayer(call, admin, `7${String(300000000 + i + (process.pid % 1000) * 10).slice(-9)}`);
    await creditWallet(call, admin, p.id, 100_000, 'Drill stake');
    players.push(p);
  }
  const game = (
    await call('POST', '/api/v1/admin/main-games', {
      token: admin,
      body: { gameName: 'Drill Market', openTime: '23:50', closeTime: '23:55' },
    })
  ).data._id as string;
  const acked: Array<{ id: string; at: number }> = [];
  let stop = false;
  let networkErrors = 0;
  const bidder = async (p: { token: string }, n: number) => {
    for (let k = 0; !stop; k++) {
      const session = k % 2 === 0 ? 'Close' : 'Open';
      const digit = String((n + k) % 10);
      const res = await call('POST', '/api/v1/user/main/bids', {
        token: p.token,
        headers: { 'idempotency-key': randomUUID() },
        body: {
          bids: [
            {
              game,
              amount: 10 + (k % 7),
              gameType: 'single-digit',
              session,
              ...(session === 'Open' ? { openDigit: digit } : { closeDigit: digit }),
            },
          ],
        },
        accept: [400, 409, 422],
      }).catch(() => {
        // A connection the server closed as the request went out: the bid was not acknowledged.
        networkErrors++;
        return { status: 0, data: null };
      });
      if (res.status === 201)
        for (const b of res.data.bids as Array<{ _id: string }>) acked.push({ id: b._id, at: Date.now() });
    }
  };
  const bidding = players.map((p, i) => bidder(p, i));
  await new Promise((r) => setTimeout(r, 1000));
  // Settle the Open session while bids go on, so the backup holds settled and pending bids.
  await call('POST', '/api/v1/admin/results/main', {
    token: admin,
    body: { gameId: game, resultDate: marketDay(tz), session: 'open', panna: '123' },
  });
  await new Promise((r) => setTimeout(r, 700));
  const began = Date.now();
  const ackedBefore = acked.filter((a) => a.at < began).map((a) => a.id);
  const backup = await call('POST', '/api/v1/admin/backups', { token: admin, timeoutMs: 120_000 });
  await new Promise((r) => setTimeout(r, 500));
  stop = true;
  await Promise.all(bidding);
  return {
    file: join(backupDir, backup.data.file),
    ackedBefore,
    ackedTotal: acked.length,
    networkErrors,
    playerBalances: new Map(players.map((p) => [p.id, { token: p.token, phone: p.phone }])),
  };
}

/** `npm run restore -- <file>` as production runs it (the compiled program). */
export function runRestore(file: string, env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['dist-server/restore.js', file], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}

/** Every money invariant of the restored database; answers the broken ones (empty when sound). */
export async function brokenInvariants(q: Queryable, ackedBefore: string[]): Promise<string[]> {
  const out: string[] = [];
  const check = async (name: string, sql: string, params: unknown[] = []) => {
    const r = await q.query(sql, params);
    if (r.rows.length > 0) out.push(`${name}: ${JSON.stringify(r.rows.slice(0, 3))}`);
  };
  await check(
    'balance differs from its ledger',
    `SELECT u.id FROM users u LEFT JOIN ledger l ON l.user_id = u.id
      GROUP BY u.id HAVING u.balance_paise <> COALESCE(sum(l.amount_paise), 0)`,
  );
  await check('negative balance', 'SELECT id FROM users WHERE balance_paise < 0');
  await check(
    'bid request without exactly one debit of its total',
    `SELECT b.request_id FROM bids b GROUP BY b.request_id
     HAVING (SELECT count(*) FROM ledger l WHERE l.kind = 'bid' AND l.ref_id = b.request_id::text) <> 1
         OR (SELECT COALESCE(sum(amount_paise), 0) FROM ledger l WHERE l.kind = 'bid' AND l.ref_id = b.request_id::text)
            <> -sum(b.amount_paise)`,
  );
  await check(
    'bid debit without its bids',
    `SELECT l.ref_id FROM ledger l WHERE l.kind = 'bid'
        AND NOT EXISTS (SELECT 1 FROM bids b WHERE b.request_id::text = l.ref_id)`,
  );
  await check(
    'bid paid other than its win (settled twice or not at all)',
    `SELECT b.id FROM bids b LEFT JOIN ledger l ON l.kind IN ('win', 'win-reversal')
        AND (l.ref_id = b.id::text OR l.ref_id LIKE b.id::text || '#%')
      GROUP BY b.id HAVING COALESCE(sum(l.amount_paise), 0) <> CASE WHEN b.status = 'won' THEN b.win_paise ELSE 0 END`,
  );
  const present = await q.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM bids WHERE id = ANY($1::uuid[])',
    [ackedBefore],
  );
  if (Number(present.rows[0]?.n) !== ackedBefore.length) {
    out.push(
      `acknowledged before the backup but missing: ${ackedBefore.length - Number(present.rows[0]?.n)}`,
    );
  }
  return out;
}

export { startCompiledServer };
