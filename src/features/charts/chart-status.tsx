import { Spinner } from '../../components/spinner';
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
  if (!hasData && loading) return <Spinner label="Loading chart" />;
  if (!hasData && error)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  if (offline)
    return (
      <p className="chart-offline" role="status">
        {fetchedAt === null
          ? 'Showing the saved chart'
          : offlineLine(fetchedAt, new Date(), 'Chart saved at')}
      </p>
    );
  return null;
}
