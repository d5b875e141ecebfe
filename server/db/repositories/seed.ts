import type { Queryable } from '../types';

// The demo seed's writes (server/seed/). Each seed takes its advisory lock first: two servers
// starting at once on one empty PostgreSQL database must not both seed it.

export async function takeSeedLock(tx: Queryable, key: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [key]);
}

export async function hasAnyAdmin(tx: Queryable): Promise<boolean> {
  const r = await tx.query('SELECT 1 FROM admins LIMIT 1');
  return r.rows.length > 0;
}

export async function insertOwner(tx: Queryable, username: string, passwordHash: string): Promise<void> {
  await tx.query(`INSERT INTO admins (username, password_hash, role) VALUES ($1, $2, 'owner')`, [
    username,
    passwordHash,
  ]);
}

/** A database with a game or a player is not seeded again. */
export async function hasGamesOrPlayers(tx: Queryable): Promise<boolean> {
  const r = await tx.query('SELECT 1 FROM games UNION ALL SELECT 1 FROM users LIMIT 1');
  return r.rows.length > 0;
}

export async function insertDemoGame(
  tx: Queryable,
  family: 'main' | 'starline' | 'galidisawar',
  g: { name: string; open: string; close?: string | null },
  order: number,
): Promise<string> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO games (family, game_name, open_time, close_time, auto_result, sort_order)
     VALUES ($1, $2, $3, $4, true, $5) RETURNING id`,
    [family, g.name, g.open, g.close ?? null, order],
  );
  return r.rows[0]?.id as string;
}

export async function insertDemoSchedule(
  tx: Queryable,
  gameId: string,
  weekday: number,
  open: string,
  close: string | null | undefined,
  marketOpen: boolean,
): Promise<void> {
  await tx.query(
    'INSERT INTO game_schedules (game_id, weekday, open_time, close_time, market_status) VALUES ($1, $2, $3, $4, $5)',
    [gameId, weekday, open, close, marketOpen],
  );
}

/** One past result: [day, openPanna, openDigit, closePanna, closeDigit, panna, digit, jodi]. */
export type DemoResultRow = [string, ...(string | null)[]];

/**
 * Past results of one game in ONE statement: row by row the seed took seconds on PGlite, long
 * enough to time out on a loaded machine. Each day is declared at 12:00 and 18:00.
 */
export async function insertDemoResults(
  tx: Queryable,
  family: string,
  gameId: string,
  days: DemoResultRow[],
): Promise<void> {
  if (days.length === 0) return;
  const rows: string[] = [];
  const params: unknown[] = [family, gameId];
  for (const values of days) {
    const at = params.length;
    params.push(...values);
    const d = `$${at + 1}::date`;
    const rest = values.slice(1).map((_, k) => `$${at + k + 2}`);
    rows.push(`($1, $2, ${d}, ${rest.join(', ')}, ${d} + time '12:00', ${d} + time '18:00')`);
  }
  await tx.query(
    `INSERT INTO results (family, game_id, result_date, open_panna, open_digit, close_panna, close_digit,
                          panna, digit, jodi, open_declared_at, close_declared_at)
     VALUES ${rows.join(',\n            ')}`,
    params,
  );
}

/** Hindi and Marathi beside the English (migration 022). */
type Texts = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface DemoContent {
  sliders: readonly { imageUrl: string; caption: string; texts: Texts }[];
  notices: readonly { title: string; message: string; texts: Texts }[];
  videos: readonly { youtubeId: string; title: string; description: string; texts: Texts }[];
  footerLinks: readonly { title: string; url: string; texts: Texts }[];
  logos: readonly { imageUrl: string; app_title: string }[];
}

export async function insertDemoContent(tx: Queryable, c: DemoContent): Promise<void> {
  for (const [i, s] of c.sliders.entries()) {
    await tx.query(
      'INSERT INTO sliders (image_url, sort_order, caption, texts) VALUES ($1, $2, $3, $4::jsonb)',
      [s.imageUrl, i, s.caption, JSON.stringify(s.texts)],
    );
  }
  for (const n of c.notices)
    await tx.query('INSERT INTO notices (title, message, texts) VALUES ($1, $2, $3::jsonb)', [
      n.title,
      n.message,
      JSON.stringify(n.texts),
    ]);
  for (const v of c.videos) {
    await tx.query(
      'INSERT INTO videos (youtube_id, title, description, texts) VALUES ($1, $2, $3, $4::jsonb)',
      [v.youtubeId, v.title, v.description, JSON.stringify(v.texts)],
    );
  }
  for (const f of c.footerLinks)
    await tx.query('INSERT INTO footer_links (title, url, texts) VALUES ($1, $2, $3::jsonb)', [
      f.title,
      f.url,
      JSON.stringify(f.texts),
    ]);
  for (const l of c.logos) {
    await tx.query('INSERT INTO app_logos (image_url, app_title) VALUES ($1, $2)', [l.imageUrl, l.app_title]);
  }
}
