import { APP_CONFIG_FAILED, fetchAppConfig, fetchFooterLinks } from '../../api/content';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { formatDateShort } from '../../domain/format';
import { useMarketTz } from '../../lib/market-tz';
import { useLoad } from '../../lib/use-load';

/** App assets: 'App Logo' and 'Footer Links', each only when it has entries; loads both on open. */
export function AppSettingPage() {
  const logos = useLoad('appConfig', fetchAppConfig);
  const links = useLoad('footerLinks', fetchFooterLinks);
  const tz = useMarketTz();
  const loading = (logos.data === null && logos.loading) || (links.data === null && links.loading);
  const failed = (logos.data === null && logos.error) || (links.data === null && links.error);
  return (
    <Page title="App Setting">
      {loading ? <Spinner label="Loading app configuration" /> : null}
      {failed && !loading ? (
        <p className="form-error" role="alert">
          {APP_CONFIG_FAILED}
        </p>
      ) : null}
      {logos.data && logos.data.length > 0 ? (
        <section aria-labelledby="app-logo-title">
          <h2 id="app-logo-title" className="section-title">
            App Logo
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
            Footer Links
          </h2>
          {links.data.map((l) => (
            <article key={l._id} className="card">
              <h3>{l.title}</h3>
              <a href={l.url} target="_blank" rel="noreferrer" className="break">
                {l.url}
              </a>
              <p className="card-meta">Last updated {formatDateShort(new Date(l.updatedAt), tz)}</p>
            </article>
          ))}
        </section>
      ) : null}
    </Page>
  );
}
