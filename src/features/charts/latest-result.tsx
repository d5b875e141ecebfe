import type { MainResult } from '../../contracts/results';
import { tPages as t } from '../../i18n/en/pages';
import { dateTimeParts } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';
import { chartCell } from './week-grid';

/** An instant as '12:01 PM, 20 NOV 2026' in the market zone, the date in the player's language. */
function when(iso: string, tz: string): string {
  const [date, time] = dateTimeParts(iso, tz);
  return `${time}, ${date}`;
}

/**
 * The newest declared result of a market, above its chart, with the time each half was declared
 * (issue 46): a player sees how fresh it is, whoever declared it. A day from the chart history has
 * no declaration time and is not shown here.
 */
export function LatestResult({ results }: { results: MainResult[] }) {
  const tz = useMarketTz();
  const latest = results.find((r) => r.openPanna?.declaredAt);
  if (!latest) return null;
  // The chart's own cell (week-grid.ts): '128-1' with the open half, '128-10-389' once closed.
  const cell = chartCell(latest.resultDate, latest, latest.resultDate);
  const text =
    cell.state === 'full'
      ? `${cell.openPanna}-${cell.jodi}-${cell.closePanna}`
      : `${cell.openPanna}-${cell.jodi[0]}`;
  const open = latest.openPanna?.declaredAt;
  const close = latest.closePanna?.declaredAt;
  return (
    <p className="latest-result" data-testid="latest-result">
      <span className="latest-result-number">{t('latestResult', { result: text })}</span>
      {open ? <span>{t('openDeclaredAt', { time: when(open, tz) })}</span> : null}
      {close ? <span>{t('closeDeclaredAt', { time: when(close, tz) })}</span> : null}
    </p>
  );
}
