import { Spinner } from '../../components/spinner';
import { localize } from '../../i18n/core';
import { tPages as t } from '../../i18n/en/pages';
import { offlineLine } from '../../lib/network';

/**
 * What a chart shows besides its table: a spinner before the first copy, the error when there is
 * nothing to show, and a small note when an older copy stands in for a failed refresh.
 */
export function ChartStatus(props: {
  hasData: boolean;
  loading: boolean;
  error: string | null;
  offline: boolean;
  /** When the copy on screen came from the server. */
  fetchedAt?: number | null;
}) {
  const { hasData, loading, error, offline, fetchedAt = null } = props;
  if (!hasData && loading) return <Spinner label={t('loadingChart')} />;
  if (!hasData && error)
    return (
      <p className="form-error" role="alert">
        {localize(error)}
      </p>
    );
  if (offline)
    return (
      <p className="chart-offline" role="status">
        {fetchedAt === null ? t('showingSaved') : offlineLine(fetchedAt, new Date(), t('chartSavedAt'))}
      </p>
    );
  return null;
}
