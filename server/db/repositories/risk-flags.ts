import type { Queryable } from '../types';

export type RiskKind =
  | 'shared-device'
  | 'shared-address'
  | 'referral-shared'
  | 'bid-burst'
  | 'quick-withdrawal';

export interface RiskFlagRow {
  id: string;
  kind: RiskKind;
  dedupe_key: string;
  user_ids: string[];
  evidence: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  cleared_at: Date | null;
  cleared_by: string | null;
  cleared_by_username: string | null;
  clear_note: string | null;
  /** The players the flag names, as the console shows them. */
  players: Array<{ _id: string; name: string; phone: string }> | null;
}

/**
 * Raises a flag, or refreshes the evidence of the open flag with the same key (more accounts from
 * one device). A cleared flag stays cleared: what is seen after it opens a new one.
 */
export async function raiseOrRefresh(
  q: Queryable,
  f: { kind: RiskKind; key: string; userIds: string[]; evidence: unknown },
): Promise<void> {
  await q.query(
    `INSERT INTO risk_flags (kind, dedupe_key, user_ids, evidence) VALUES ($1, $2, $3::uuid[], $4::jsonb)
     ON CONFLICT (dedupe_key) WHERE cleared_at IS NULL
     DO UPDATE SET user_ids = EXCLUDED.user_ids, evidence = EXCLUDED.evidence, updated_at = now()`,
    [f.kind, f.key, f.userIds, JSON.stringify(f.evidence)],
  );
}

/** Raises a flag once per key ever (a cleared one is not raised again by the next scan). */
export async function raiseOnce(
  q: Queryable,
  f: { kind: RiskKind; key: string; userIds: string[]; evidence: unknown },
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO risk_flags (kind, dedupe_key, user_ids, evidence)
     SELECT $1, $2, $3::uuid[], $4::jsonb WHERE NOT EXISTS (SELECT 1 FROM risk_flags WHERE dedupe_key = $2)
     ON CONFLICT DO NOTHING RETURNING id`,
    [f.kind, f.key, f.userIds, JSON.stringify(f.evidence)],
  );
  return r.rows.length === 1;
}

const SELECT = `SELECT f.*, a.username AS cleared_by_username,
                       (SELECT jsonb_agg(jsonb_build_object('_id', u.id, 'name', u.name, 'phone', u.phone)
                                         ORDER BY u.created_at, u.id)
                          FROM users u WHERE u.id = ANY (f.user_ids)) AS players
                  FROM risk_flags f LEFT JOIN admins a ON a.id = f.cleared_by`;

export async function listFlags(
  q: Queryable,
  f: { open: boolean; userId?: string },
  limit: number,
  offset: number,
): Promise<{ rows: RiskFlagRow[]; total: number }> {
  const where = [f.open ? 'f.cleared_at IS NULL' : 'f.cleared_at IS NOT NULL'];
  const args: unknown[] = [];
  if (f.userId) {
    args.push(f.userId);
    where.push(`$${args.length}::uuid = ANY (f.user_ids)`);
  }
  const clause = `WHERE ${where.join(' AND ')}`;
  const total = await q.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM risk_flags f ${clause}`, args);
  const rows = await q.query<RiskFlagRow>(
    `${SELECT} ${clause} ORDER BY COALESCE(f.cleared_at, f.updated_at) DESC, f.id DESC
      LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
    [...args, limit, offset],
  );
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}

export async function findFlag(q: Queryable, id: string, lock = false): Promise<RiskFlagRow | null> {
  if (lock) await q.query('SELECT id FROM risk_flags WHERE id = $1 FOR UPDATE', [id]);
  const r = await q.query<RiskFlagRow>(`${SELECT} WHERE f.id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** Clears an open flag; false when it was cleared already. */
export async function clearFlag(q: Queryable, id: string, adminId: string, note: string): Promise<boolean> {
  const r = await q.query(
    `UPDATE risk_flags SET cleared_at = now(), cleared_by = $2, clear_note = $3, updated_at = now()
      WHERE id = $1 AND cleared_at IS NULL RETURNING id`,
    [id, adminId, note],
  );
  return r.rows.length === 1;
}

/**
 * Clears the open flag with this key with nobody's name on it (the thing it was about is gone);
 * false when there was none open.
 */
export async function clearFlagByKey(q: Queryable, key: string, note: string): Promise<boolean> {
  const r = await q.query(
    `UPDATE risk_flags SET cleared_at = now(), clear_note = $2, updated_at = now()
      WHERE dedupe_key = $1 AND cleared_at IS NULL RETURNING id`,
    [key, note],
  );
  return r.rows.length === 1;
}

/** Open flags naming any of these players (the money desk shows them beside each request). */
export async function openFlagsOf(q: Queryable, userIds: string[]): Promise<RiskFlagRow[]> {
  if (userIds.length === 0) return [];
  const r = await q.query<RiskFlagRow>(
    `${SELECT} WHERE f.cleared_at IS NULL AND f.user_ids && $1::uuid[] ORDER BY f.created_at DESC`,
    [userIds],
  );
  return r.rows;
}

// --- Registration origins -------------------------------------------------------------------

export async function setRegistrationOrigin(
  q: Queryable,
  userId: string,
  address: string | null,
  device: string | null,
): Promise<void> {
  await q.query(
    `UPDATE users SET registration_address = COALESCE($2, registration_address),
                      registration_device = COALESCE($3, registration_device) WHERE id = $1`,
    [userId, address, device],
  );
}

export interface OriginAccount {
  id: string;
  name: string;
  phone: string;
  created_at: Date;
}

/** Accounts registered from this device or address (column named by `by`) in the last 24 hours. */
export async function accountsFromOrigin(
  q: Queryable,
  by: 'device' | 'address',
  value: string,
): Promise<OriginAccount[]> {
  const column = by === 'device' ? 'registration_device' : 'registration_address';
  const r = await q.query<OriginAccount>(
    `SELECT id, name, phone, created_at FROM users
      WHERE ${column} = $1 AND created_at > now() - interval '24 hours'
      ORDER BY created_at, id LIMIT 50`,
    [value],
  );
  return r.rows;
}

/** What two players' registrations share: the device, the address, both or neither. */
export async function sharedOrigin(
  q: Queryable,
  a: string,
  b: string,
): Promise<{ device: string | null; address: string | null }> {
  const r = await q.query<{ device: string | null; address: string | null }>(
    `SELECT CASE WHEN x.registration_device = y.registration_device THEN x.registration_device END AS device,
            CASE WHEN x.registration_address = y.registration_address THEN x.registration_address END AS address
       FROM users x, users y WHERE x.id = $1 AND y.id = $2`,
    [a, b],
  );
  return r.rows[0] ?? { device: null, address: null };
}

// --- Bids a minute (read from the bids table, never a hook in bid placement) -----------------

export interface BidBurst {
  user_id: string;
  hour: string;
  peak: number;
  window_start: Date;
  bids: number;
  stake_paise: number;
}

/**
 * Players who placed more than `limit` bid submissions within any 60 seconds since `hours` ago:
 * for each submission, the submissions of that player in the 60 s from it (a sliding window);
 * the busiest window per player and hour.
 */
export async function bidBursts(q: Queryable, limit: number, hours: number): Promise<BidBurst[]> {
  const r = await q.query<BidBurst>(
    `WITH subs AS (
       SELECT user_id, request_id, min(created_at) AS at, count(*) AS bids, sum(amount_paise) AS stake
         FROM bids WHERE created_at > now() - make_interval(hours => $2::int)
        GROUP BY user_id, request_id),
     win AS (
       SELECT user_id, at,
              count(*) OVER w AS n, sum(bids) OVER w AS bids, sum(stake) OVER w AS stake
         FROM subs
       WINDOW w AS (PARTITION BY user_id ORDER BY at RANGE BETWEEN CURRENT ROW AND INTERVAL '59.999 seconds' FOLLOWING)),
     ranked AS (
       SELECT user_id, to_char(date_trunc('hour', at AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24') AS hour,
              n, at, bids, stake,
              row_number() OVER (PARTITION BY user_id, date_trunc('hour', at AT TIME ZONE 'UTC') ORDER BY n DESC, at) AS rk
         FROM win WHERE n > $1)
     SELECT user_id, hour, n::int AS peak, at AS window_start, bids::int8 AS bids, stake::int8 AS stake_paise
       FROM ranked WHERE rk = 1 ORDER BY at`,
    [limit, hours],
  );
  return r.rows;
}

// --- Deposits and play before a withdrawal ---------------------------------------------------

/**
 * Deposits credited to a player in the last `hours` hours (first one's time) and what they staked
 * on bids since that first deposit.
 */
export async function depositsAndPlay(
  q: Queryable,
  userId: string,
  hours: number,
): Promise<{ deposits_paise: number; first_deposit_at: Date | null; stakes_paise: number }> {
  const r = await q.query<{ deposits_paise: number; first_deposit_at: Date | null; stakes_paise: number }>(
    `WITH d AS (
       SELECT COALESCE(sum(amount_paise), 0)::int8 AS deposits_paise, min(created_at) AS first_deposit_at
         FROM ledger WHERE user_id = $1 AND kind = 'fund' AND amount_paise > 0
          AND created_at > now() - make_interval(hours => $2::int))
     SELECT d.deposits_paise, d.first_deposit_at,
            (SELECT COALESCE(-sum(amount_paise), 0)::int8 FROM ledger
              WHERE user_id = $1 AND kind = 'bid' AND d.first_deposit_at IS NOT NULL
                AND created_at >= d.first_deposit_at) AS stakes_paise
       FROM d`,
    [userId, hours],
  );
  return r.rows[0] ?? { deposits_paise: 0, first_deposit_at: null, stakes_paise: 0 };
}
