import { useState } from 'react';
import type { Family } from './market';
import { useRead } from './read';
import { ConfirmButton } from './ui/confirm';
import { ErrorLine, Notice, Status } from './ui/status';
import { familyName, rateName } from './words';
import { useWrite } from './write';

// A family's rates on the Markets screen: each bet type as "bet X wins Y", changed after a
// question that lists every change. A change applies to bids placed after it: a bid keeps the rate
// it was placed at, even while it waits for its result (docs/api.md "A bid keeps the rate it was
// placed at").

const RATE_PATHS: Record<Family, string> = {
  main: 'admin/game-point',
  starline: 'admin/starline-game-rate',
  galidisawar: 'admin/galidisawar-rate',
};

/** The rates each family's bets pay by (src/contracts/rates.ts RATE_KEYS_BY_FAMILY, kept zod-free here). */
const FAMILY_RATES: Record<Family, readonly string[]> = {
  main: ['singleDigit', 'jodiDigit', 'singlePanna', 'doublePanna', 'triplePanna', 'halfSangam', 'fullSangam'],
  starline: ['singleDigit', 'singlePanna', 'doublePanna', 'triplePanna'],
  galidisawar: ['jodiDigit', 'leftDigit', 'rightDigit'],
};

type Entry = Record<string, number | string>;
const pair = (entry: Entry, key: string) =>
  `bet ${entry[`${key}Point`] ?? '?'} wins ${entry[`${key}Amount`] ?? '?'}`;

export function Rates({ family }: { family: Family }) {
  const w = useWrite();
  const rates = useRead<Entry[]>(RATE_PATHS[family], undefined, w.version);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const entry = rates.data?.[0] ?? {};
  const keys = FAMILY_RATES[family].filter((k) => `${k}Point` in entry || `${k}Amount` in entry);
  const next: Entry = { ...entry, ...edits };
  const changed = keys.filter((k) => pair(next, k) !== pair(entry, k));
  const bad = Object.values(edits).some((v) => !(Number(v) >= 1));
  return (
    <div className="card">
      <h2>{familyName(family)} rates</h2>
      <p className="muted">
        For every points bet, what a win pays. A change applies to bids placed after it: bids already placed
        keep the rate they were placed at.
      </p>
      <Notice text={w.note} />
      <ErrorLine text={w.error} />
      <Status loading={rates.loading} error={rates.error} />
      <fieldset className="rates">
        <legend className="sr-only">{familyName(family)} rates</legend>
        <span className="rates-head" aria-hidden="true">
          <span>Bet type</span>
          <span>Bet</span>
          <span>Wins</span>
        </span>
        {keys.map((k) => (
          <div key={k} className="rate-row">
            <span>{rateName(k)}</span>
            {(['Point', 'Amount'] as const).map((part) => (
              <input
                key={part}
                aria-label={`${rateName(k)} ${part === 'Point' ? 'bet' : 'wins'}`}
                inputMode="numeric"
                value={String(next[`${k}${part}`] ?? '')}
                onChange={(e) => setEdits({ ...edits, [`${k}${part}`]: e.target.value.replace(/\D/g, '') })}
              />
            ))}
          </div>
        ))}
      </fieldset>
      <ConfirmButton
        label="Save rates"
        disabled={changed.length === 0}
        check={() => (bad ? 'Every rate is a whole number of at least 1' : null)}
        question={
          <>
            Change the {familyName(family)} rates?
            {changed.map((k) => (
              <span key={k} className="change">
                {rateName(k)}: {pair(entry, k)} → <strong>{pair(next, k)}</strong>
              </span>
            ))}
            Players see the new rates at once. They apply to bids placed after the change: bids already
            placed, even those still waiting for a result, are paid at the rate they were placed at.
          </>
        }
        yes="Save rates"
        onConfirm={async () => {
          const body = Object.fromEntries(Object.entries(edits).map(([k, v]) => [k, Number(v)]));
          if (await w.write('put', RATE_PATHS[family], body, `${familyName(family)} rates saved`))
            setEdits({});
        }}
      />
    </div>
  );
}
