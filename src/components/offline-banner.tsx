import { offlineLine, useNetwork } from '../lib/network';

/**
 * A thin line under everything while the server cannot be reached: the screen keeps its last known
 * data, and this says how old it is ("Offline - last updated 06:05 PM").
 */
export function OfflineBanner() {
  const offline = useNetwork((s) => s.offline);
  const lastAnswerAt = useNetwork((s) => s.lastAnswerAt);
  if (!offline) return null;
  return (
    <p className="offline-banner" role="status">
      {offlineLine(lastAnswerAt)}
    </p>
  );
}
