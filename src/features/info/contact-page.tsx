import { fetchContact } from '../../api/settings';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { SkeletonCards } from '../../components/skeleton';
import { tPages as t } from '../../i18n/en/pages';
import { useRead } from '../../lib/use-read';
import { contactRows } from './contact-links';
import './info.css';

/** Contact Us: one card per filled field; six skeleton cards while loading. */
export function ContactPage() {
  const contact = useRead({ store: 'contact', fetch: fetchContact });
  const rows = contact.data ? contactRows(contact.data) : null;
  return (
    <Page title={t('contactUs')}>
      {rows === null && contact.loading ? <SkeletonCards count={6} label={t('loadingContact')} /> : null}
      {rows === null && contact.error ? (
        <p className="form-error" role="alert">
          {contact.error.message}
        </p>
      ) : null}
      {rows !== null && rows.length === 0 ? <EmptyState title={t('noContact')} /> : null}
      {rows?.map((r) => (
        <a key={r.label} className="card contact-card" href={r.href} target="_blank" rel="noreferrer">
          <span className="contact-label">{r.label}</span>
          <span className="contact-value">{r.value}</span>
        </a>
      ))}
    </Page>
  );
}
