import { type ReactNode, useMemo, useState } from 'react';
import { addDays } from '../../domain/market-time';
import { messageOf } from '../api';
import { useMarketToday } from '../market';
import { useMe } from '../me';
import { readFile, saveBlob, useRead } from '../read';
import type { PnlReport, PnlRow } from '../types';
import { Field } from '../ui/field';
import { ErrorLine, Notice, Status } from '../ui/status';
import { Table } from '../ui/table';
import { dayText, money } from '../words';
import { BarChart } from './bar-chart';
import { resultPerDay, stakeByType, TOP_MARKETS, topMarkets } from './chart-data';
import { WatchdogSection } from './watchdog-section';

type View = 'day' | 'market' | 'gameType';
const VIEWS: Array<[View, string]> = [
  ['day', 'By day'],
  ['market', 'By market'],
  ['gameType', 'By game type'],
];
const MAX_DAYS = 366;
/** The key of the table's last row (no real group has it: keys are days, ids and gameTypes). */
const TOTAL = '~total';

const daysIn = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Why a range cannot be read, or null. */
function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose both dates';
  if (from > to) return 'The first day must not be after the last';
  if (daysIn(from, to) > MAX_DAYS) return `At most ${MAX_DAYS} days at a time`;
  return null;
}

/** The presets an operator picks most: today, the last 7 and 30 days, this month. */
function presets(today: string): Array<[string, string, string]> {
  return [
    ['Today', today, today],
    ['Last 7 days', addDays(today, -6), today],
    ['Last 30 days', addDays(today, -29), today],
    ['This month', `${today.slice(0, 8)}01`, today],
  ];
}

const EXPORTS: Array<[string, string]> = [
  ['bids', 'Bids'],
  ['ledger', 'Ledger'],
  ['funds', 'Deposits'],
  ['withdrawals', 'Withdrawals'],
];

/** The CSV exports of the range (owners): each read with the token, then saved as a file. */
function Downloads({ from, to }: { from: string; to: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [bytes, setBytes] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (kind: string) => {
    setBusy(kind);
    setBytes(0);
    setDone(null);
    setError(null);
    try {
      const blob = await readFile(`admin/exports/${kind}.csv`, { from, to }, setBytes);
      const name = `${kind}-${from}-to-${to}.csv`;
      saveBlob(blob, name);
      setDone(`Saved ${name} (${(blob.size / 1024).toFixed(0)} KB)`);
    } catch (e) {
      setError(messageOf(e, 'The export failed. Please try again.'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="card downloads" aria-label="Downloads">
      <h2>Download CSV</h2>
      <p className="muted">
        {from === to ? dayText(from) : `${dayText(from)} to ${dayText(to)}`}: every record, for a spreadsheet
        or the accountant. Times are in the market's zone with its offset.
      </p>
      <div className="decide">
        {EXPORTS.map(([kind, label]) => (
          <button key={kind} type="button" disabled={busy !== null} onClick={() => void download(kind)}>
            {busy === kind ? `${label}: ${(bytes / 1024).toFixed(0)} KB…` : `${label} CSV`}
          </button>
        ))}
      </div>
      <Notice text={done} />
      <ErrorLine text={error} />
    </section>
  );
}

/** The house's result: green when it won, red when it lost. */
const resultText = (n: number): ReactNode => (
  <span className={n < 0 ? 'error' : n > 0 ? 'profit' : undefined}>{money(n)}</span>
);

/**
 * Reports: profit and loss of a range of market days (net per day, stake by game type, the top
 * markets, and the rows of one view), the CSV downloads (owners) and the watchdog's findings.
 */
export function ReportsPage() {
  const me = useMe();
  const today = useMarketToday();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const from = range?.from ?? addDays(today, -6);
  const to = range?.to ?? today;
  const [view, setView] = useState<View>('day');
  const problem = rangeProblem(from, to);
  const path = problem ? null : 'admin/reports/pnl';
  const byDay = useRead<PnlReport>(path, { from, to, by: 'day' });
  const byType = useRead<PnlReport>(path, { from, to, by: 'gameType' });
  const byMarket = useRead<PnlReport>(path, { from, to, by: 'market' });
  const shown = { day: byDay, market: byMarket, gameType: byType }[view];
  const totals = byDay.data?.totals;

  const dayChart = useMemo(() => resultPerDay(from, to, byDay.data?.rows ?? []), [from, to, byDay.data]);
  const typeChart = useMemo(() => stakeByType(byType.data?.rows ?? []), [byType.data]);
  const marketChart = useMemo(() => topMarkets(byMarket.data?.rows ?? []), [byMarket.data]);

  // The house's result counts the bids with their result; the stake still waiting stands apart.
  const cards: Array<[string, ReactNode]> = totals
    ? [
        ['Bids', totals.bids.toLocaleString('en-IN')],
        ['Stake', money(totals.stake)],
        ['Payout', money(totals.payout)],
        ['House result (settled)', resultText(totals.settledNet)],
        ['Still pending', money(totals.pending)],
      ]
    : [];
  const rows = shown.data ? [...shown.data.rows, { key: TOTAL, label: 'Total', ...shown.data.totals }] : null;

  return (
    <section className="reports">
      <h1>Reports</h1>
      <form className="row-form" onSubmit={(e) => e.preventDefault()} aria-label="Days">
        <Field label="From">
          <input type="date" value={from} max={to} onChange={(e) => setRange({ from: e.target.value, to })} />
        </Field>
        <Field label="To">
          <input type="date" value={to} min={from} onChange={(e) => setRange({ from, to: e.target.value })} />
        </Field>
        <div className="decide">
          {presets(today).map(([label, f, t]) => (
            <button
              key={label}
              type="button"
              className={f === from && t === to ? undefined : 'secondary'}
              aria-pressed={f === from && t === to}
              onClick={() => setRange({ from: f, to: t })}
            >
              {label}
            </button>
          ))}
        </div>
      </form>
      <ErrorLine text={problem} />
      <Status loading={byDay.loading} error={byDay.error} />
      <div className="cards">
        {cards.map(([label, value]) => (
          <div className="card stat" key={label}>
            <span>{label}</span>
            <strong>{value}</strong>
          </div>
        ))}
      </div>
      {problem ? null : (
        <div className="charts">
          <BarChart
            title="House result per day (bids with their result)"
            start={dayChart.categories.length - 1}
            {...dayChart}
          />
          <BarChart title="Stake by game type" horizontal {...typeChart} />
          <BarChart
            title={`Top ${TOP_MARKETS} markets by stake, with the house's result`}
            horizontal
            grouped
            {...marketChart}
          />
        </div>
      )}
      <h2>Profit and loss</h2>
      <fieldset className="decide" aria-label="View">
        {VIEWS.map(([v, label]) => (
          <button
            key={v}
            type="button"
            className={v === view ? undefined : 'secondary'}
            aria-pressed={v === view}
            onClick={() => setView(v)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <Status loading={shown.loading} error={shown.error} />
      <Table<PnlRow>
        label="Profit and loss"
        stack
        rows={rows}
        rowKey={(r) => r.key}
        empty="No bids on these days."
        columns={[
          {
            title: view === 'day' ? 'Day' : view === 'market' ? 'Market' : 'Game type',
            cell: (r) =>
              r.key === TOTAL ? <strong>{r.label}</strong> : view === 'day' ? dayText(r.label) : r.label,
            role: 'title',
          },
          { title: 'Bids', cell: (r) => r.bids.toLocaleString('en-IN') },
          { title: 'Stake', cell: (r) => money(r.stake) },
          { title: 'Payout', cell: (r) => money(r.payout) },
          { title: 'Result (settled)', cell: (r) => resultText(r.settledNet) },
          { title: 'Pending', cell: (r) => money(r.pending) },
        ]}
      />
      {problem ? null : me?.role === 'owner' ? (
        <Downloads from={from} to={to} />
      ) : (
        <p className="muted">CSV downloads are for owners.</p>
      )}
      <WatchdogSection />
    </section>
  );
}
