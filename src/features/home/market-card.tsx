import { Link } from '@tanstack/react-router';
import type { MainGame } from '../../api/types';
import { FollowBell } from '../../components/follow-bell';
import { ChartIcon, LockIcon, PlayIcon } from '../../components/icons';
import { formatTime12 } from '../../domain/format';
import { mainResultDisplay } from '../../domain/results';
import { tHome as t } from '../../i18n/en/home';
import '../../components/market-status.css';

/**
 * A main market on home: times, name, status, today's result mask, chart link, bell, status icon.
 * For a paused player a running market says 'Bidding paused' with the lock (issue 39).
 */
export function MarketCard(props: {
  game: MainGame;
  running: boolean;
  paused?: boolean;
  onTap: (game: MainGame) => void;
}) {
  const { game, onTap } = props;
  const running = props.running && props.paused !== true;
  const r = game.todayResult;
  const result = mainResultDisplay({ openPanna: r?.openPanna?.panna, closePanna: r?.closePanna?.panna });
  const hasAny = r?.openPanna?.panna != null;
  const resultClass = result.isComplete ? 'result complete' : hasAny ? 'result partial' : 'result';
  return (
    <article className={`market-card${running ? ' running' : ' closed'}`}>
      <span className="market-tools">
        <Link
          to="/game-chart/{-$game}"
          params={{ game: game.gameName.toLowerCase() }}
          className="market-chart"
          aria-label={t('chartOf', { game: game.gameName })}
        >
          <ChartIcon />
        </Link>
        <FollowBell gameId={game._id} gameName={game.gameName} />
      </span>
      {/* The play button's name is what it shows ("Play" for screen readers, then the market);
          its tap area stretches over the whole card body (CSS), the result and times included. */}
      <div className="market-body">
        <button type="button" className="market-play" onClick={() => onTap(game)}>
          <span className="visually-hidden">{t('play')}</span>{' '}
          <span className="market-name">{game.gameName}</span>
        </button>
        <span className={resultClass} data-testid="market-result">
          {result.text}
        </span>
        <span className={`market-status${running ? ' running' : ' closed'}`}>
          {running ? t('marketRunning') : props.running ? t('biddingPaused') : t('marketClosed')}
        </span>
        <span className="market-times">
          <span>{t('openAt', { time: formatTime12(game.openTime) })}</span>
          <span>{t('closeAt', { time: formatTime12(game.closeTime) })}</span>
        </span>
      </div>
      <span className={`market-icon${running ? ' running' : ' closed'}`} aria-hidden="true">
        {running ? <PlayIcon size={26} /> : <LockIcon size={26} />}
      </span>
    </article>
  );
}
