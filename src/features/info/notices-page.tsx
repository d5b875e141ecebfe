import { fetchNotices, NOTICES_FAILED } from '../../api/content';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { SkeletonCards } from '../../components/skeleton';
import { formatDateShort } from '../../domain/format';
import { useMarketTz } from '../../lib/market-tz';
import { useLoad } from '../../lib/use-load';

/** Notices: three skeleton cards while loading, then title, message (line breaks kept) and date. */
export function NoticesPage() {
  const notices = useLoad('notices', fetchNotices);
  const tz = useMarketTz();
  const list = notices.data;
  return (
    <Page title="Notices">
      {list === null && notices.loading ? <SkeletonCards count={3} label="Loading notices" /> : null}
      {list === null && notices.error ? (
        <p className="form-error" role="alert">
          {NOTICES_FAILED}
        </p>
      ) : null}
      {list !== null && list.length === 0 ? (
        <EmptyState title="No notices found. Create your first notice!" />
      ) : null}
      {list?.map((n) => (
        <article key={n._id} className="card">
          <h2>{n.title}</h2>
          <p className="preline">{n.message}</p>
          <p className="card-meta">{formatDateShort(new Date(n.createdAt), tz)}</p>
        </article>
      ))}
    </Page>
  );
}
