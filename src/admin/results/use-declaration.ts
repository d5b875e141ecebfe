import { useState } from 'react';
import { messageOf, send } from '../api';
import type { Family } from '../market';
import { readData } from '../read';
import type { DeclareAnswer, ResultPreview } from '../types';

export type DeclarationForm = { gameId: string; date: string; session: string; value: string };

/**
 * A declaration on its way: the form, its preview (kept only while the form still says what was
 * previewed), the declaration itself and what it did. The date is the market day unless chosen.
 */
export function useDeclaration(today: string) {
  const [family, setFamily] = useState<Family>('main');
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
        `Result declared: ${s.settledBids} bids settled, ${s.winners} winners, ${s.totalWinAmount} points paid`,
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

  return {
    family,
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
