import { UUID_RE } from '../../../src/contracts/common';
import type { ResultSource, ResultSourceBody, ResultSourcePatch } from '../../../src/contracts/result-feeds';
import { marketKey } from '../../../src/domain/result-report';
import {
  deleteSource,
  existingGames,
  findSource,
  insertSource,
  listSources,
  type SourceRow,
  type SourceWrite,
  updateSource,
} from '../../db/repositories/result-sources';
import { type Db, pgErrorCode, type Queryable } from '../../db/types';
import type { Env } from '../../env';
import { badRequest, conflict, notFound } from '../errors';

// The owner's result sources (GET/POST /admin/result-sources, PATCH/DELETE /admin/result-sources/{id}).

const NAME_TAKEN = 'A result source with this name exists already';

/** A source as the console shows it; the push address names the secret without showing it. */
export function presentSource(row: SourceRow, env: Pick<Env, 'RESULT_FEED_SECRET'>): ResultSource {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    url: row.url,
    enabled: row.enabled,
    markets: row.markets,
    pushPath: row.kind === 'push' ? `/api/results/feed/{RESULT_FEED_SECRET}/${row.name}` : null,
    secretSet: env.RESULT_FEED_SECRET !== undefined,
    lastPolledAt: row.last_polled_at?.toISOString() ?? null,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function resultSources(q: Queryable, env: Env): Promise<ResultSource[]> {
  return (await listSources(q)).map((row) => presentSource(row, env));
}

export async function resultSource(q: Queryable, env: Env, id: string): Promise<ResultSource> {
  const row = UUID_RE.test(id) ? await findSource(q, id) : null;
  if (!row) throw notFound('Result source');
  return presentSource(row, env);
}

/**
 * A source's new state checked whole: a json-url source needs its address; every mapped game must
 * exist, and no two market names may be the same once case and spaces are set aside.
 */
async function checked(q: Queryable, s: SourceWrite): Promise<SourceWrite> {
  if (s.kind === 'json-url' && !s.url)
    throw badRequest('A json-url source needs its address', { url: 'Give the http(s) address to poll' });
  const errors: Record<string, string> = {};
  const seen = new Map<string, string>();
  for (const [name, gameId] of Object.entries(s.markets)) {
    const key = marketKey(name);
    const first = seen.get(key);
    if (first !== undefined) errors[`markets.${name}`] = `"${name}" is the same market name as "${first}"`;
    else seen.set(key, name);
    if (!UUID_RE.test(gameId)) errors[`markets.${name}`] = 'Not a game';
  }
  const ids = [...new Set(Object.values(s.markets).filter((id) => UUID_RE.test(id)))];
  const games = await existingGames(q, ids);
  for (const [name, gameId] of Object.entries(s.markets)) {
    if (UUID_RE.test(gameId) && !games.has(gameId)) errors[`markets.${name}`] = 'No such game';
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return { ...s, url: s.url ?? null };
}

async function write<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
    throw error;
  }
}

export async function addSource(db: Db, env: Env, body: ResultSourceBody): Promise<ResultSource> {
  const s = await checked(db, { ...body, url: body.url ?? null });
  return presentSource(await write(() => insertSource(db, s)), env);
}

/** Changes what the patch names; the old and new address both land in the audit log (http/audit.ts). */
export async function changeSource(
  db: Db,
  env: Env,
  id: string,
  patch: ResultSourcePatch,
): Promise<ResultSource> {
  return db.transaction(async (tx) => {
    const row = UUID_RE.test(id) ? await findSource(tx, id) : null;
    if (!row) throw notFound('Result source');
    const next = await checked(tx, {
      name: patch.name ?? row.name,
      kind: patch.kind ?? row.kind,
      url: patch.url === undefined ? row.url : patch.url,
      enabled: patch.enabled ?? row.enabled,
      markets: patch.markets ?? row.markets,
    });
    const updated = await write(() => updateSource(tx, id, next));
    if (!updated) throw notFound('Result source');
    return presentSource(updated, env);
  });
}

/** Removes a source; its reports stay, with its name. */
export async function removeSource(db: Db, id: string): Promise<void> {
  if (!UUID_RE.test(id) || !(await deleteSource(db, id))) throw notFound('Result source');
}
