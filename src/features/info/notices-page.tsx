import { fetchNotices, NOTICES_FAILED } from '../../api/content';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { SkeletonCards } from '../../components/skeleton';
import { localize } from '../../i18n/core';
import { tPages as t } from '../../i18n/en/pages';
import { formatDay } from '../../lib/dates';
import { useMarketTz } from '../../lib/market-tz';
import { useRead } from '../../lib/use-read';
import './info.css';

/** Notices: three skeleton cards while loading, then title, message (line breaks kept) and date. */
export function NoticesPage() {
  const notices = useRead({ store: 'notices', fetch: fetchNotices });
  const tz = useMarketTz();
  const list = notices.data;
  return (
    <Page title={t('notices')}>
      {list === null && notices.loading ? <SkeletonCards count={3} label={t('loadingNotices')} /> : null}
      {list === null && notices.error ? (
        <p className="form-error" role="alert">
          {localize(NOTICES_FAILED)}
        </p>
      ) : null}
      {list !== null && list.length === 0 ? <EmptyState title={t('noNotices')} /> : null}
      {list?.map((n) => (
        <article key={n._id} className="card">
          <h2>{n.title}</h2>
          <p className="preline">{n.message}</p>
          <p className="card-meta">{formatDay(new Date(n.createdAt), tz)}</p>
        </article>
      ))}
    </Page>
  );
}
