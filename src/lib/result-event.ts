import type { ResultEvent } from '../contracts/events';
import type { GaliGame, MainGame, StarlineGame } from '../contracts/games';

type Kind = 'result' | 'revert';

/**
 * A main market list with one live event applied: a declared half joins that market's result of
 * the day its card shows; a revert clears it. Events about another day or market change nothing
 * (the same array comes back, so the screen does not render again).
 * @example applyToMain(games, 'result', {family: 'main', gameId: 'g', gameName: 'K', resultDate: '2026-11-24', session: 'open', panna: '128', digit: '1'})
 */
export function applyToMain(games: MainGame[], kind: Kind, e: ResultEvent): MainGame[] {
  return patch(games, e, (g) => {
    if (kind === 'revert') return { ...g, todayResult: null };
    const now = g.todayResult;
    const half = e.panna && e.digit ? { panna: e.panna, digit: e.digit } : null;
    return {
      ...g,
      todayResult: {
        _id: now?._id ?? `live:${e.gameId}:${e.resultDate}`,
        resultDate: e.resultDate,
        openPanna: e.session === 'open' ? half : (now?.openPanna ?? null),
        closePanna: e.session === 'close' ? half : (now?.closePanna ?? null),
      },
    };
  });
}

/** A starline list with one live event applied (as applyToMain). */
export function applyToStarline(games: StarlineGame[], kind: Kind, e: ResultEvent): StarlineGame[] {
  return applyDraw(games, kind, e, { panna: e.panna ?? null, digit: e.digit ?? null });
}

/** A galidisawar list with one live event applied (as applyToMain). */
export function applyToGali(games: GaliGame[], kind: Kind, e: ResultEvent): GaliGame[] {
  return applyDraw(games, kind, e, { jodiDigit: e.jodi ?? null });
}

/** A one-draw market's day result: the draw replaces it, a revert clears it. */
function applyDraw<G extends StarlineGame | GaliGame>(
  games: G[],
  kind: Kind,
  e: ResultEvent,
  drawn: Record<string, string | null>,
): G[] {
  return patch(games, e, (g) => ({
    ...g,
    todayResult:
      kind === 'revert'
        ? null
        : {
            _id: g.todayResult?._id ?? `live:${e.gameId}:${e.resultDate}`,
            resultDate: e.resultDate,
            ...drawn,
          },
  }));
}

function patch<G extends { _id: string; marketDay: string }>(
  games: G[],
  e: ResultEvent,
  change: (g: G) => G,
): G[] {
  const at = games.findIndex((g) => g._id === e.gameId && g.marketDay === e.resultDate);
  if (at < 0) return games;
  const next = games.slice();
  next[at] = change(games[at] as G);
  return next;
}

/**
 * Reads a stream event's data; null for anything that is not a result event (a proxy's page, a
 * newer server's extra event).
 */
export function parseResultEvent(data: string): ResultEvent | null {
  try {
    const e = JSON.parse(data) as Partial<ResultEvent>;
    const families = ['main', 'starline', 'galidisawar'];
    if (
      typeof e.gameId !== 'string' ||
      typeof e.resultDate !== 'string' ||
      !families.includes(e.family ?? '')
    )
      return null;
    return e as ResultEvent;
  } catch {
    return null;
  }
}
