import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useWatchdog, watchdogStale, watchdogTitle } from './watchdog';
import { whenText } from './words';

/**
 * The red banner over every console screen while the watchdog has open findings (or has stopped
 * running): how many, the first few in words, the rest one tap away on the Reports screen.
 */
export function WatchdogBanner() {
  const w = useWatchdog().data;
  const [open, setOpen] = useState(false);
  if (!w) return null;
  const stale = watchdogStale(w);
  if (w.findings.length === 0 && !stale) return null;
  const critical = w.findings.filter((f) => f.severity === 'critical').length;
  const shown = open ? w.findings : w.findings.slice(0, 2);
  return (
    <div className="watchdog-banner" role="alert">
      <p>
        <strong>
          {w.findings.length > 0
            ? `Watchdog: ${w.findings.length} ${w.findings.length === 1 ? 'problem' : 'problems'}${critical > 0 ? ` (${critical} critical)` : ''}`
            : 'Watchdog'}
        </strong>
        {stale ? ` · it has not run since ${whenText(w.checkedAt)}` : ''}
      </p>
      <ul>
        {shown.map((f) => (
          <li key={f._id}>
            <b>{watchdogTitle(f.kind)}:</b> {f.detail}
          </li>
        ))}
      </ul>
      <p className="actions">
        {w.findings.length > 2 ? (
          <button type="button" className="link" onClick={() => setOpen((o) => !o)}>
            {open ? 'Show fewer' : `Show all ${w.findings.length}`}
          </button>
        ) : null}
        <Link to={'/admin/reports' as never} hash="watchdog">
          Watchdog details
        </Link>
      </p>
    </div>
  );
}
