import { CardList } from '../ui/card-list';
import { Status } from '../ui/status';
import { useWatchdog, watchdogStale, watchdogTitle } from '../watchdog';
import { whenText } from '../words';

/** The watchdog on the Reports screen: its last pass, each check, and every open finding. */
export function WatchdogSection() {
  const read = useWatchdog(30_000);
  const w = read.data;
  return (
    <section id="watchdog" aria-label="Watchdog">
      <h2>Watchdog</h2>
      <Status loading={read.loading && !w} error={read.error} />
      {w ? (
        <>
          <p className={watchdogStale(w) ? 'error' : 'muted'}>
            {w.checkedAt
              ? `Last pass ${whenText(w.checkedAt)}; it runs every ${Math.round(w.intervalMs / 1000)} s.`
              : 'No pass has finished yet.'}{' '}
            {w.checks.map((c) => (
              <span key={c.kind} className={`tag ${c.ok ? 'ok' : 'bad'}`} title={c.error ?? c.note}>
                {c.kind} {c.ok ? (c.note ? 'waiting' : `${c.ms} ms`) : 'failed'}
              </span>
            ))}
          </p>
          <CardList
            label="Watchdog findings"
            items={w.findings}
            itemKey={(f) => f._id}
            empty="Nothing found: balances match their ledgers, settlements finished, draws on time."
          >
            {(f) => (
              <li className={`item finding ${f.severity}`}>
                <h3>
                  <span className={`tag ${f.severity === 'critical' ? 'bad' : ''}`}>{f.severity}</span>{' '}
                  {watchdogTitle(f.kind)}
                </h3>
                <p>{f.detail}</p>
                <p className="meta">
                  Since {whenText(f.since)}, last seen {whenText(f.seenAt)}. It clears itself once mended.
                </p>
              </li>
            )}
          </CardList>
        </>
      ) : null}
    </section>
  );
}
