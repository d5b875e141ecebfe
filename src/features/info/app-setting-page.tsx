import { Link } from '@tanstack/react-router';
import { APP_CONFIG_FAILED, fetchAppConfig, fetchFooterLinks } from '../../api/content';
import { LanguagePicker } from '../../components/language-picker';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { localize } from '../../i18n/core';
import { tPages as t } from '../../i18n/en/pages';
import { formatDay } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';
import { useRead } from '../../lib/use-read';
import './info.css';

/**
 * App Setting: what a player sets here first (the language, and the way to Responsible Play's
 * limits, time-outs and reality check; issue 39), then the app assets of docs/product.md, 'App Logo'
 * and 'Footer Links', each only when it has entries; loads both on open.
 */
export function AppSettingPage() {
  const logos = useRead({ store: 'appConfig', fetch: fetchAppConfig });
  const links = useRead({ store: 'footerLinks', fetch: fetchFooterLinks });
  const tz = useMarketTz();
  const loading = (logos.data === null && logos.loading) || (links.data === null && links.loading);
  const failed = (logos.data === null && logos.error) || (links.data === null && links.error);
  return (
    <Page title={t('appSetting')}>
      <section className="card settings-card">
        <p className="settings-intro">{t('settingsIntro')}</p>
        <LanguagePicker className="settings-language" />
        <Link to="/responsible-play" className="btn btn-ghost btn-block settings-play">
          {t('responsiblePlay')}
        </Link>
      </section>
      {loading ? <Spinner label={t('loadingAppConfig')} /> : null}
      {failed && !loading ? (
        <p className="form-error" role="alert">
          {localize(APP_CONFIG_FAILED)}
        </p>
      ) : null}
      {logos.data && logos.data.length > 0 ? (
        <section aria-labelledby="app-logo-title">
          <h2 id="app-logo-title" className="section-title">
            {t('appLogo')}
          </h2>
          <div className="logo-grid">
            {logos.data.map((l) => (
              <figure key={l._id} className="card logo-card">
                <img src={l.imageUrl} alt={l.app_title} loading="lazy" />
                <figcaption>{l.app_title}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      ) : null}
      {links.data && links.data.length > 0 ? (
        <section aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className="section-title">
            {t('footerLinks')}
          </h2>
          {links.data.map((l) => (
            <article key={l._id} className="card">
              <h3>{l.title}</h3>
              <a href={l.url} target="_blank" rel="noreferrer" className="break">
                {l.url}
              </a>
              <p className="card-meta">{t('lastUpdated', { date: formatDay(new Date(l.updatedAt), tz) })}</p>
            </article>
          ))}
        </section>
      ) : null}
    </Page>
  );
}
