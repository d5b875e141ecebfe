import { OUTCOME, reportNumber } from '../feeds/feed-words';
import { useRead } from '../read';
import type { ResultReport } from '../types';
import { Status } from '../ui/status';
import { Table } from '../ui/table';
import { dayText, whenText } from '../words';
import type { Declaration } from './use-declaration';
import '../feeds/feeds.css';

/**
 * What the result sources reported for the chosen day (and market), conflicts first: where they
 * disagree, "Use" puts a source's number in the form above, to preview and declare it as usual
 * (a declaration by hand always works, and wins).
 */
export function FeedReports({ declaration, refreshKey }: { declaration: Declaration; refreshKey: string }) {
  const { date, form, setForm, games } = declaration;
  const params: Record<string, string> = {
    date,
    limit: '100',
    ...(form.gameId ? { gameId: form.gameId } : {}),
  };
  const list = useRead<ResultReport[]>('admin/result-reports', params, refreshKey);
  const ours = new Set((games.data ?? []).map((g) => g._id));
  const rows = list.data
    ? [...list.data].sort((a, b) => Number(b.outcome === 'conflict') - Number(a.outcome === 'conflict'))
    : null;
  const use = (r: ResultReport) =>
    setForm({ gameId: r.gameId ?? '', date, session: r.session ?? 'open', value: r.jodi ?? r.panna ?? '' });
  return (
    <div className="feed-reports">
      <h2>What the result sources said on {dayText(date)}</h2>
      <Status loading={list.loading} error={list.error} />
      <Table<ResultReport>
        label="Result source reports"
        stack
        rows={rows}
        rowKey={(r) => r._id}
        empty={`No result source reported ${form.gameId ? 'this market' : 'any market'} on ${dayText(date)}.`}
        columns={[
          {
            title: 'Market',
            role: 'title',
            cell: (r) => `${r.gameName ?? r.market}${r.session ? ` (${r.session})` : ''}`,
          },
          { title: 'Source', cell: (r) => r.source },
          { title: 'Says', cell: (r) => reportNumber({ ...r, session: null }) || r.market },
          {
            title: 'Outcome',
            cell: (r) => {
              const [word, tone] = OUTCOME[r.outcome];
              return (
                <>
                  <span className={`tag ${tone}`}>{word}</span> {r.reason ?? ''}
                </>
              );
            },
          },
          { title: 'Received', cell: (r) => whenText(r.receivedAt) },
          {
            title: 'Choose',
            role: 'decide',
            cell: (r) =>
              r.outcome === 'conflict' && r.gameId && ours.has(r.gameId) && (r.panna || r.jodi) ? (
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Use ${r.jodi ?? r.panna} from ${r.source} for ${r.gameName ?? r.market}`}
                  onClick={() => use(r)}
                >
                  Use {r.jodi ?? r.panna}
                </button>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
