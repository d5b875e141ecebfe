import { ConfirmButton } from '../ui/confirm';
import { Table } from '../ui/table';
import { countText, dayText, money, plural, sessionName } from '../words';
import type { Declaration } from './use-declaration';

type Exposure = NonNullable<Declaration['previewed']>['chosen'];

/** What the previewed result pays, the declaration behind a confirm step, and the costliest results. */
export function PreviewCard({ declaration }: { declaration: Declaration }) {
  const { previewed, family, form, date, declare, early } = declaration;
  if (!previewed) return null;
  const { chosen } = previewed;
  return (
    <div className="card">
      <h2>
        {previewed.gameName}: {chosen.result}
      </h2>
      {early ? (
        <p className="warning" role="alert">
          <strong>Before its time.</strong> {early}
        </p>
      ) : null}
      <p>
        {countText(previewed.pendingBids, 'pending bid')}, {money(previewed.stakes)} staked. This result makes{' '}
        <strong>{countText(chosen.winningBids, 'winning bid')}</strong> for{' '}
        {countText(chosen.winners, 'player')} and pays <strong>{money(chosen.payout)}</strong>.
      </p>
      <ConfirmButton
        label={early ? `Declare ${chosen.result} early` : `Declare ${chosen.result}`}
        danger
        question={
          <>
            {early ? <strong className="warning-text">{early} </strong> : null}
            {`Declare ${chosen.result} for ${previewed.gameName} on ${dayText(date)}${family === 'main' ? ` (${sessionName(form.session)})` : ''}? ${countText(chosen.winningBids, 'bid')} ${plural(chosen.winningBids, 'wins', 'win')} and ${countText(chosen.winners, 'player')} ${plural(chosen.winners, 'is', 'are')} paid ${money(chosen.payout)} at once.`}
          </>
        }
        yes={
          early ? `Declare early and pay ${money(chosen.payout)}` : `Declare and pay ${money(chosen.payout)}`
        }
        onConfirm={declare}
      />
      <h3>Most expensive results for this session</h3>
      <Table<Exposure>
        label="Most expensive results"
        rows={previewed.mostExpensive}
        rowKey={(e) => e.result}
        columns={[
          { title: 'Result', cell: (e) => e.result },
          { title: 'Winning bids', cell: (e) => e.winningBids },
          { title: 'Players', cell: (e) => e.winners },
          { title: 'Payout', cell: (e) => money(e.payout) },
        ]}
      />
    </div>
  );
}
