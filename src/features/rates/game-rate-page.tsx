import { fetchGalidisawarRates, fetchMainRates, fetchStarlineRates } from '../../api/rates';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { localize } from '../../i18n/core';
import { tPages as t } from '../../i18n/en/pages';
import { useRead } from '../../lib/use-read';
import type { Loadable } from '../../store/loadable';
import { familiesFor, type RateFamily, rateRows, sectionTitle } from './rate-rows';
import './rates.css';

function RateSection({
  family,
  rates,
}: {
  family: RateFamily;
  rates: Loadable<Array<Record<string, unknown>>>;
}) {
  const rows = rateRows(rates.data?.[0]);
  return (
    <section className="card" aria-labelledby={`rates-${family}`}>
      <h2 id={`rates-${family}`}>{sectionTitle(family)}</h2>
      {rates.data === null && rates.loading ? <Spinner label={t('loadingRates')} /> : null}
      {rates.data === null && rates.error ? (
        <p className="form-error">{localize(rates.error.message)}</p>
      ) : null}
      <dl className="rate-list">
        {rows.map((r) => (
          <div key={r.label} className="rate-row">
            <dt>{r.label}</dt>
            <dd>{r.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Game Rates for main, starline, galidisawar or all (docs/product.md section 2). */
export function GameRatePage({ game }: { game: string | null }) {
  const families = familiesFor(game);
  const main = useRead({ store: 'mainRates', fetch: fetchMainRates });
  const starline = useRead({ store: 'starlineRates', fetch: fetchStarlineRates });
  const gali = useRead({ store: 'galidisawarRates', fetch: fetchGalidisawarRates });
  const byFamily = { main, starline, galidisawar: gali } as Record<
    RateFamily,
    Loadable<Array<Record<string, unknown>>>
  >;
  return (
    <Page title={t('gameRates')}>
      {families.map((f) => (
        <RateSection key={f} family={f} rates={byFamily[f]} />
      ))}
    </Page>
  );
}
