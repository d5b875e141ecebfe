import type { MainResult } from '../../contracts/results';
import { mainResultDisplay } from '../../domain/results';
import { tPages as t } from '../../i18n/en/pages';
import { dateTimeParts } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';

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
  const text = mainResultDisplay({
    openPanna: latest.openPanna?.panna,
    closePanna: latest.closePanna?.panna,
  }).text;
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
