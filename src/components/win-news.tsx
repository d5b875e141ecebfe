import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchRecentWins } from '../api/history';
import type { Winner } from '../contracts/bids';
import type { MoneyMode } from '../domain/money';
import { tNotify as t } from '../i18n/en/notify';
import { bidDigits, gameTypeTitle } from '../lib/bid-numbers';
import { amountText, useMoneyMode } from '../lib/money-mode';
import { claimUntold } from '../lib/wins-told';
import { useAppStore } from '../store/store';
import { CloseIcon, StarIcon } from './icons';
import './win-news.css';

/** Wins said one to a line; more than this and the rest are counted. */
const LINES = 2;
/** The news stays this long unless closed (a player who looked away reads it in Win History). */
const SHOWN_MS = 30_000;

/**
 * One win as the player reads it: 'You won ₹950 on Milan Morning - Single Digit 4'.
 * @example winLine(win, 'real') // 'You won ₹950 on Milan Morning - Single Digit 4'
 */
export function winLine(w: Winner, mode: MoneyMode): string {
  return t('winTold', {
    amount: amountText(w.winAmount, mode),
    game: w.gameId.gameName,
    bet: gameTypeTitle(w.subBid.gameType || w.gameType),
    number: bidDigits(w.subBid),
  });
}

/**
 * Says a win where the player looks, under the header whose balance just rose (issue 49), in their
 * language and once per win (lib/wins-told.ts): read when the app opens or comes back to the
 * screen (wins credited while it was closed), and whenever the balance rises (a result settled
 * while it is open: the balance is refreshed every 5 s). Only the visible tab reads, so the
 * player sees what is told. Loaded a few seconds after the first screen, not with it.
 */
export default function WinNews() {
  const userId = useAppStore((s) => s.user?._id ?? null);
  const mode = useMoneyMode();
  const [news, setNews] = useState<Winner[]>([]);
  const reading = useRef(false);
  const again = useRef(false);

  const check = useCallback(async () => {
    const id = useAppStore.getState().user?._id;
    if (!id || document.visibilityState !== 'visible') return;
    // A rise during a read is read again after it: that read may predate the credit.
    if (reading.current) {
      again.current = true;
      return;
    }
    reading.current = true;
    try {
      const tell = await claimUntold(id, await fetchRecentWins());
      if (tell.length > 0) setNews((shown) => [...tell, ...shown]);
    } catch {
      // Offline or a failed read: the next rise, return to the screen or open reads again.
    } finally {
      reading.current = false;
      if (again.current) {
        again.current = false;
        void check();
      }
    }
  }, []);

  useEffect(() => {
    if (!userId) return;
    void check();
    const stop = useAppStore.subscribe((now, before) => {
      const [a, b] = [before.user, now.user];
      if (a && b && a._id === b._id && b.balance > a.balance) void check();
    });
    const onShown = () => void check();
    document.addEventListener('visibilitychange', onShown);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [check, userId]);

  useEffect(() => {
    if (news.length === 0) return;
    const timer = setTimeout(() => setNews([]), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [news]);

  if (news.length === 0) return null;
  const more = news.length - LINES;
  return (
    <div className="win-news" role="status" data-testid="win-news">
      <StarIcon size={22} />
      <div className="win-news-text">
        {news.slice(0, LINES).map((w) => (
          <p key={w._id}>{winLine(w, mode)}</p>
        ))}
        {more > 0 ? <p>{t('winsMore', { n: more })}</p> : null}
        <Link to="/win-history/{-$game}" className="win-news-link" onClick={() => setNews([])}>
          {t('winsSeeAll')}
        </Link>
      </div>
      <button
        type="button"
        className="icon-button win-news-close"
        aria-label={t('winsClose')}
        onClick={() => setNews([])}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
