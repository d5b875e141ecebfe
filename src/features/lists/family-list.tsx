import { gamesLoadError } from '../../api/games';
import type { GaliGame, StarlineGame } from '../../api/types';
import { EmptyState } from '../../components/empty-state';
import { FollowBell } from '../../components/follow-bell';
import { Spinner } from '../../components/spinner';
import { formatTime12 } from '../../domain/format';
import { galiResultDisplay, starlineResultDisplay } from '../../domain/results';
import { localize } from '../../i18n/core';
import { tHome as t } from '../../i18n/en/home';
import { isListedToday, stateOf } from '../../lib/game-selection';
import { useMarketTz } from '../../lib/market-tz';
import { useMarketTap } from '../../lib/use-market-tap';
import type { Loadable } from '../../store/loadable';
import '../../components/market-status.css';
import './lists.css';

type FamilyGame = StarlineGame | GaliGame;

function resultOf(game: FamilyGame) {
  if (game.family === 'starline') return starlineResultDisplay(game.todayResult?.panna);
  return galiResultDisplay(game.todayResult?.jodiDigit);
}

/**
 * Starline or galidisawar cards: market image (open or closed), times, today's result and
 * 'Market Running' / 'Market Closed'. Tapping validates like home, then opens /market. A failed
 * read with no saved list shows the failure instead of the empty state.
 */
export function FamilyList(props: { games: Loadable<FamilyGame[]>; emptyTitle: string; emptyText: string }) {
  const onTap = useMarketTap();
  const tz = useMarketTz();
  const now = new Date();
  const { data: games, loading, error } = props.games;
  if (games === null && loading) return <Spinner label={t('loadingMarkets')} />;
  if (games === null && error) {
    return (
      <div className="error-box" role="alert">
        {localize(gamesLoadError(error.message))}
      </div>
    );
  }
  const active = (games ?? []).filter((g) => isListedToday(g, now, tz));
  if (active.length === 0) return <EmptyState title={props.emptyTitle}>{props.emptyText}</EmptyState>;
  return (
    <div className="family-grid">
      {active.map((g) => {
        const running = stateOf(g, now, tz) === 'running';
        const result = resultOf(g);
        return (
          <div key={g._id} className="family-cell">
            <button
              type="button"
              className={`family-card${running ? ' running' : ' closed'}`}
              onClick={() => onTap(g)}
              aria-label={`${g.gameName}, ${running ? t('marketRunning') : t('marketClosed')}`}
            >
              <img
                className="family-image"
                src={running ? '/images/market-open.svg' : '/images/market-closed.svg'}
                alt=""
                width={56}
                height={56}
              />
              <span className="family-name">{g.gameName}</span>
              <span className="family-time">
                {formatTime12(g.openTime)}
                {g.closeTime ? ` - ${formatTime12(g.closeTime)}` : ''}
              </span>
              <span className={`result${result.isComplete ? ' complete' : ''}`}>{result.text}</span>
              <span className={`market-status${running ? ' running' : ' closed'}`}>
                {running ? t('marketRunning') : t('marketClosed')}
              </span>
            </button>
            <FollowBell gameId={g._id} gameName={g.gameName} className="family-bell" />
          </div>
        );
      })}
    </div>
  );
}
