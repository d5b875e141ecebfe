import { ConfirmButton } from '../ui/confirm';
import { Table } from '../ui/table';
import type { Declaration } from './use-declaration';

type Exposure = NonNullable<Declaration['previewed']>['chosen'];

/** What the previewed result pays, the declaration behind a confirm step, and the costliest results. */
export function PreviewCard({ declaration }: { declaration: Declaration }) {
  const { previewed, family, form, date, declare } = declaration;
  if (!previewed) return null;
  const { chosen } = previewed;
  return (
    <div className="card">
      <h2>
        {previewed.gameName}: {chosen.result}
      </h2>
      <p>
        {previewed.pendingBids} pending bids, {previewed.stakes} points staked. This result makes{' '}
        <strong>{chosen.winningBids} winning bids</strong> for {chosen.winners} players and pays{' '}
        <strong>{chosen.payout} points</strong>.
      </p>
      <ConfirmButton
        label={`Declare ${chosen.result}`}
        danger
        question={`Declare ${chosen.result} for ${previewed.gameName} on ${date}${family === 'main' ? ` (${form.session})` : ''}? ${chosen.winningBids} bids win and ${chosen.winners} players are paid ${chosen.payout} points at once.`}
        yes={`Declare and pay ${chosen.payout} points`}
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
          { title: 'Payout', cell: (e) => e.payout },
        ]}
      />
    </div>
  );
}
