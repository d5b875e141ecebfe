import { Link } from '@tanstack/react-router';
import { tPlay as t } from '../../i18n/en/play';
import { useMarketTz } from '../../lib/market-tz';
import { pausedLine } from '../responsible-play/play-words';

/**
 * Home's word to a paused player (issue 39: home said "Market Running" with Play buttons): when the
 * pause ends, to the minute, and what goes on meanwhile. Its own chunk, loaded only for a paused
 * player, so nobody else's home pays for the words.
 */
export function PausedBanner({ until }: { until: Date }) {
  const tz = useMarketTz();
  return (
    <div className="home-paused" role="status">
      <p className="home-paused-line">{pausedLine(until, tz)}</p>
      <p>{t('pausedGoesOn')}</p>
      <Link to="/responsible-play">{t('title')}</Link>
    </div>
  );
}
