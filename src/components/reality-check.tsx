import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { fetchPlaySummary, type PlaySummary } from '../api/responsible-play';
import { tPlay as t } from '../i18n/en/play';
import { useMoneyMode } from '../lib/money-mode';
import { playAmount } from '../lib/play-words';
import { SINCE_KEY, sessionStart } from '../lib/session-start';
import { useLimitsState } from '../lib/use-limits';
import { useAppStore } from '../store/store';
import { Modal } from './modal';
import './reality-check.css';

const NEXT_KEY = 'matka-reality-next';
const TICK_MS = 10_000;

/** '1 h 05 min' or '25 min' (in the language: '1 घंटे 05 मिनट'). */
export function playedFor(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? t('hoursMinutes', { h, m: String(m).padStart(2, '0') }) : t('minutes', { n: m });
}

/** A dialog open on the screen (a bid being confirmed): the reminder waits until it closes. */
function somethingIsOpen(): boolean {
  return document.querySelector('[role="dialog"]') !== null;
}

/**
 * The reality check: every 15, 30 or 60 minutes of a session (the player's choice, 60 by default)
 * a dialog shows the time played and the stakes, wins and net since the session began, with
 * Continue and Log out. It never opens over another dialog (a bid being confirmed).
 */
export function RealityCheck() {
  const limits = useLimitsState();
  const mode = useMoneyMode();
  const logout = useAppStore((s) => s.logout);
  const navigate = useNavigate();
  const [shown, setShown] = useState<{ summary: PlaySummary; at: number } | null>(null);
  const minutes = limits?.realityCheckMinutes ?? 60;

  const schedule = useCallback(
    (from: number) => sessionStorage.setItem(NEXT_KEY, String(from + minutes * 60_000)),
    [minutes],
  );

  useEffect(() => {
    const since = sessionStart();
    const stored = Number(sessionStorage.getItem(NEXT_KEY));
    const first = new Date(since).getTime() + minutes * 60_000;
    // A shorter interval chosen now applies to the next reminder at once.
    if (!stored || stored > Date.now() + minutes * 60_000) sessionStorage.setItem(NEXT_KEY, String(first));
    let busy = false;
    const tick = async () => {
      const due = Number(sessionStorage.getItem(NEXT_KEY));
      if (busy || shown || !due || Date.now() < due || somethingIsOpen()) return;
      busy = true;
      try {
        const summary = await fetchPlaySummary(since);
        if (!somethingIsOpen()) setShown({ summary, at: Date.now() });
      } catch {
        // Offline or a failed read: ask again at the next tick.
      } finally {
        busy = false;
      }
    };
    // At once too: this component mounts a few seconds into the session (app-layout.tsx).
    void tick();
    const id = window.setInterval(() => void tick(), TICK_MS);
    return () => window.clearInterval(id);
  }, [minutes, shown]);

  if (!shown) return null;
  const { summary, at } = shown;
  const money = (n: number) => playAmount(n, mode);
  const carryOn = () => {
    schedule(Date.now());
    setShown(null);
  };
  const leave = async () => {
    schedule(Date.now());
    setShown(null);
    sessionStorage.removeItem(SINCE_KEY);
    await logout();
    await navigate({ to: '/' });
  };
  return (
    <Modal title={t('realityCheck')} onClose={carryOn}>
      <p className="modal-text">
        {t('playingFor', { time: playedFor(at - new Date(summary.since).getTime()) })}
      </p>
      <dl className="reality-facts">
        <dt>{t('bids')}</dt>
        <dd>{summary.bids}</dd>
        <dt>{t('stakes')}</dt>
        <dd>{money(summary.stakes)}</dd>
        <dt>{t('wins')}</dt>
        <dd>{money(summary.wins)}</dd>
        <dt>{t('net')}</dt>
        <dd>{summary.net < 0 ? `-${money(-summary.net)}` : money(summary.net)}</dd>
      </dl>
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={() => void leave()}>
          {t('logOut')}
        </button>
        <button type="button" className="btn btn-primary" onClick={carryOn}>
          {t('continue')}
        </button>
      </div>
    </Modal>
  );
}
