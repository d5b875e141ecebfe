import { CardList } from '../ui/card-list';
import { Status } from '../ui/status';
import { useWatchdog, watchdogStale, watchdogTitle } from '../watchdog';
import { countText, whenText } from '../words';

/** What each check of a pass makes sure of, in words (server/services/watchdog/checks.ts). */
export const CHECK_WORDS: Record<string, string> = {
  'ledger-drift': 'Balances match their ledgers',
  'stuck-settlement': 'Every declared result settled its bids',
  'missed-draw': 'Every draw got its result on time',
  'old-pending': 'No deposit or withdrawal waits too long',
  'forwarder-quiet': 'The payment forwarder keeps sending',
  'statement-exception': 'Bank statements agree with our credits',
  'result-conflict': 'Result sources agree',
};

type Check = { kind: string; ok: boolean; note?: string; error?: string };

/**
 * A check of the last pass in words: what it makes sure of, and whether that holds (`open`: the
 * findings of its kind still open), could not be judged, or the check itself failed.
 * @example checkText({kind: 'ledger-drift', ok: true}, 0) // ['ok', 'Balances match their ledgers']
 */
export function checkText(c: Check, open: number): ['ok' | 'bad' | 'unknown', string] {
  const what = CHECK_WORDS[c.kind] ?? 'Another check';
  if (!c.ok) return ['bad', `${what}? The check failed: ${c.error ?? 'no reason given'}`];
  if (c.note) return ['unknown', `${what}? ${c.note.charAt(0).toUpperCase()}${c.note.slice(1)}`];
  if (open > 0) return ['bad', `${what}? No: ${countText(open, 'finding')} below`];
  return ['ok', what];
}
const MARK = { ok: '✓', bad: '✗', unknown: '·' };

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
              : 'No pass has finished yet.'}
          </p>
          <ul className="checks" aria-label="What the watchdog checks">
            {w.checks.map((c) => {
              const [state, text] = checkText(c, w.findings.filter((f) => f.kind === c.kind).length);
              return (
                <li
                  key={c.kind}
                  className={state === 'bad' ? 'error' : state === 'unknown' ? 'muted' : undefined}
                >
                  <span aria-hidden="true">{MARK[state]}</span> {text}
                </li>
              );
            })}
          </ul>
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
