import { useState } from 'react';
import { sessionCloseAt } from '../../domain/windows';
import { messageOf, send } from '../api';
import { consoleConfig } from '../config';
import { type Family, GAME_PATHS } from '../market';
import type { MarketGame } from '../market-card';
import { readData, useRead } from '../read';
import type { DeclareAnswer, ResultPreview } from '../types';
import { countText, dayText, money, sessionName } from '../words';

export type DeclarationForm = { gameId: string; date: string; session: string; value: string };

/**
 * When a declaration's result is due: the session's time on that market day (main: the Open or
 * Close time, starline and galidisawar: the draw), or null when the times cannot be read.
 */
export function resultDueAt(game: MarketGame, date: string, session: string, tz: string): Date | null {
  try {
    return sessionCloseAt(
      game,
      date,
      game.family === 'main' ? (session === 'close' ? 'Close' : 'Open') : null,
      tz,
    );
  } catch {
    return null;
  }
}

/** '5 h 10 min', '40 min'. */
function howLong(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h${m ? ` ${m} min` : ''}` : `${m} min`;
}

/**
 * The warning for a result declared before it is due (the server allows it: bids for that session
 * stop at once), or null when it is due already.
 * @example earlyWarning(kalyan, '2026-11-25', 'open', at10am, 'Asia/Kolkata') // "KALYAN's Open result is due at 03:45 PM, 5 h 45 min from now. ..."
 */
export function earlyWarning(
  game: MarketGame,
  date: string,
  session: string,
  now: Date,
  tz: string,
): string | null {
  const due = resultDueAt(game, date, session, tz);
  if (!due || now >= due) return null;
  const at = due.toLocaleTimeString('en-IN', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  });
  const which = game.family === 'main' ? `${sessionName(session)} result` : 'result';
  return `${game.gameName}'s ${which} for ${dayText(date)} is due at ${at.toUpperCase()}, ${howLong(due.getTime() - now.getTime())} from now. Declaring it early stops its bids at once and pays the winners now.`;
}

/**
 * A declaration on its way: the form, its preview (kept only while the form still says what was
 * previewed), the declaration itself and what it did. The date is the market day unless chosen.
 */
export function useDeclaration(today: string) {
  const [family, setFamily] = useState<Family>('main');
  const games = useRead<MarketGame[]>(GAME_PATHS[family]);
  const [form, setForm] = useState<DeclarationForm>({ gameId: '', date: '', session: 'open', value: '' });
  const [preview, setPreview] = useState<{ for: string; data: ResultPreview } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const date = form.date || today;
  const body = {
    gameId: form.gameId,
    resultDate: date,
    ...(family === 'main' ? { session: form.session } : {}),
    ...(family === 'galidisawar' ? { jodi: form.value } : { panna: form.value }),
  };
  const key = JSON.stringify([family, body]);

  const runPreview = async () => {
    setError(null);
    setDone(null);
    try {
      const params = Object.fromEntries(Object.entries({ family, ...body }).map(([k, v]) => [k, String(v)]));
      setPreview({ for: key, data: await readData<ResultPreview>('admin/results/preview', params) });
    } catch (err) {
      setPreview(null);
      setError(messageOf(err));
    }
  };
  const declare = async () => {
    setError(null);
    try {
      const r = await send<DeclareAnswer>('post', `admin/results/${family}`, body);
      const s = r.data.settlement;
      setDone(
        `Result declared: ${countText(s.settledBids, 'bid')} settled, ${countText(s.winners, 'winner')}, ${money(s.totalWinAmount)} paid`,
      );
      setPreview(null);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  /** Another family has other markets: the chosen one no longer applies. */
  const chooseFamily = (next: Family) => {
    setFamily(next);
    setForm((f) => ({ ...f, gameId: '' }));
  };

  const game = games.data?.find((g) => g._id === form.gameId) ?? null;
  return {
    family,
    games,
    game,
    /** Declared before the result is due (today, before its time): what the operator must know. */
    early: game ? earlyWarning(game, date, form.session, new Date(), consoleConfig().marketTz) : null,
    chooseFamily,
    form,
    setForm,
    date,
    previewed: preview?.for === key ? preview.data : null,
    error,
    done,
    runPreview,
    declare,
  };
}

export type Declaration = ReturnType<typeof useDeclaration>;
