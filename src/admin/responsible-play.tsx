import { useState } from 'react';
import { LIMIT_FIELDS, LIMIT_LABELS } from '../domain/responsible-play';
import { useMarketToday } from './market';
import { useRead } from './read';
import type { LimitsState, ResponsiblePlayHelp, ResponsiblePlayReport } from './types';
import { Field } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { money, pauseText, phoneText, whenText } from './words';
import { useWrite } from './write';

type PlayerView = Pick<LimitsState, 'limits' | 'pending' | 'usage' | 'pause' | 'adultConfirmedAt'>;

const pauseLine = (p: PlayerView['pause']) => (p ? pauseText(p) : 'Not paused');

/**
 * A player's limits, pause and 18+ time, read only: the player sets them, nobody else can change
 * them (docs/api.md "Responsible play").
 */
export function PlayerResponsiblePlay({ playerId, phone }: { playerId: string; phone: string }) {
  const view = useRead<PlayerView>(`admin/users/${playerId}/responsible-play`);
  const v = view.data;
  return (
    <section aria-label={`Responsible play of ${phone}`}>
      <h3>Responsible play (set by the player, read only)</h3>
      <Status loading={view.loading} error={view.error} />
      {v ? (
        <>
          <p>
            {pauseLine(v.pause)}. 18+ confirmed {v.adultConfirmedAt ? whenText(v.adultConfirmedAt) : 'never'}.
          </p>
          <ul>
            {LIMIT_FIELDS.filter((f) => v.limits[f] !== null || v.pending.some((p) => p.field === f)).map(
              (f) => {
                const pending = v.pending.find((p) => p.field === f);
                return (
                  <li key={f}>
                    {LIMIT_LABELS[f]}: {v.limits[f] === null ? 'none' : money(v.limits[f])} (
                    {money(v.usage[f])} used)
                    {pending
                      ? `; ${pending.value === null ? 'none' : money(pending.value)} from ${whenText(pending.effectiveAt)}`
                      : ''}
                  </li>
                );
              },
            )}
          </ul>
          {LIMIT_FIELDS.every((f) => v.limits[f] === null) && v.pending.length === 0 ? (
            <p className="empty">No limits set.</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** Paused players and refused requests by limit over a range of days, and the help text players read. */
export function ResponsiblePlayReportCard() {
  const today = useMarketToday();
  // null: today (the market day is known only once the server's zone is read).
  const [picked, setPicked] = useState<string | null>(null);
  const from = picked !== null && picked <= today ? picked : today;
  const report = useRead<ResponsiblePlayReport>('admin/responsible-play', { from, to: today });
  const help = useRead<ResponsiblePlayHelp>('admin/responsible-play-help');
  const [text, setText] = useState<string | null>(null);
  const w = useWrite();
  const r = report.data;
  return (
    <div className="card">
      <h2>Responsible play</h2>
      <Field label="Refusals since">
        <input type="date" value={from} max={today} onChange={(e) => setPicked(e.target.value || null)} />
      </Field>
      <Status loading={report.loading} error={report.error} />
      {r ? (
        <>
          <h3>Paused players ({r.paused.length})</h3>
          {r.paused.length === 0 ? <p className="empty">Nobody is paused.</p> : null}
          <ul aria-label="Paused players">
            {r.paused.map((p) => (
              <li key={p.userId}>
                {phoneText(p.phone)}: {pauseText(p)}
              </li>
            ))}
          </ul>
          <h3>Refused by a limit or a pause</h3>
          {r.refusals.length === 0 ? <p className="empty">No refusals in these days.</p> : null}
          <ul aria-label="Refusals by limit">
            {r.refusals.map((f) => (
              <li key={`${f.userId}:${f.limit}`}>
                {phoneText(f.phone)}:{' '}
                {f.limit === 'pause'
                  ? 'paused'
                  : (LIMIT_LABELS[f.limit as keyof typeof LIMIT_LABELS] ?? f.limit)}{' '}
                {f.count === 1 ? 'once' : `${f.count} times`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>Help text on the players' Responsible Play screen (owners)</h3>
      <textarea
        aria-label="Responsible play help text"
        rows={4}
        maxLength={2000}
        value={text ?? help.data?.helpText ?? ''}
        onChange={(e) => setText(e.target.value)}
      />
      <button
        type="button"
        onClick={() =>
          void w.write(
            'put',
            'admin/responsible-play-help',
            { helpText: text ?? help.data?.helpText ?? '' },
            'Help text updated',
          )
        }
      >
        Save help text
      </button>
      <Notice text={w.note} />
      <ErrorLine text={w.error} />
    </div>
  );
}
