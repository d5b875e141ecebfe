import { useMemo, useState } from 'react';
import { addDays } from '../../domain/market-time';
import { messageOf } from '../api';
import { useMarketToday } from '../market';
import { useMe } from '../me';
import { readFile, saveBlob, useRead } from '../read';
import type { PnlReport, PnlRow } from '../types';
import { Field } from '../ui/field';
import { ErrorLine, Notice, Status } from '../ui/status';
import { Table } from '../ui/table';
import { money } from '../words';
import { BarChart } from './bar-chart';
import { WatchdogSection } from './watchdog-section';

type View = 'day' | 'market' | 'gameType';
const VIEWS: Array<[View, string]> = [
  ['day', 'By day'],
  ['market', 'By market'],
  ['gameType', 'By game type'],
];
const MAX_DAYS = 366;
const TOP_MARKETS = 10;
const GREEN = '#15803d';
const RED = '#b91c1c';
const BRAND = '#1e294f';
/** The key of the table's last row (no real group has it: keys are days, ids and gameTypes). */
const TOTAL = '~total';

const daysIn = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** 2026-11-18 -> '18 Nov'. */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

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
        {from === to ? from : `${from} to ${to}`}: every record, for a spreadsheet or the accountant.
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

/** Every day of the range, those without bids at 0, for the net-per-day bars. */
function everyDay(from: string, to: string, rows: PnlRow[]) {
  const byDay = new Map(rows.map((r) => [r.key, r]));
  const days: string[] = [];
  for (let d = from; d <= to && days.length < MAX_DAYS; d = addDays(d, 1)) days.push(d);
  const nets = days.map((d) => byDay.get(d)?.net ?? 0);
  return {
    categories: days.map(dayLabel),
    series: [
      { label: 'House won', color: GREEN, values: nets.map((n) => (n >= 0 ? n : null)) },
      { label: 'House lost', color: RED, values: nets.map((n) => (n < 0 ? n : null)) },
    ],
  };
}

const netText = (n: number) => <span className={n < 0 ? 'error' : undefined}>{money(n)}</span>;

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

  const netChart = useMemo(() => everyDay(from, to, byDay.data?.rows ?? []), [from, to, byDay.data]);
  const typeChart = useMemo(() => {
    const rows = byType.data?.rows ?? [];
    return {
      categories: rows.map((r) => r.label),
      series: [{ label: 'Stake', color: BRAND, values: rows.map((r) => r.stake) }],
    };
  }, [byType.data]);
  const marketChart = useMemo(() => {
    const rows = (byMarket.data?.rows ?? []).slice(0, TOP_MARKETS);
    return {
      categories: rows.map((r) => r.label),
      series: [
        { label: 'Stake', color: BRAND, values: rows.map((r) => r.stake) },
        { label: 'Net', color: GREEN, values: rows.map((r) => r.net) },
      ],
    };
  }, [byMarket.data]);

  const cards: Array<[string, string, boolean?]> = totals
    ? [
        ['Bids', totals.bids.toLocaleString('en-IN')],
        ['Stake', money(totals.stake)],
        ['Payout', money(totals.payout)],
        ['Net (house)', money(totals.net), totals.net < 0],
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
        {cards.map(([label, value, bad]) => (
          <div className="card stat" key={label}>
            <span>{label}</span>
            <strong className={bad ? 'error' : undefined}>{value}</strong>
          </div>
        ))}
      </div>
      {problem ? null : (
        <div className="charts">
          <BarChart title="Net per day (stake less payout)" categoryLabel="Day" {...netChart} />
          <BarChart title="Stake by game type" categoryLabel="Game type" {...typeChart} />
          <BarChart
            title={`Top ${TOP_MARKETS} markets by stake, with their net`}
            categoryLabel="Market"
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
            cell: (r) => (r.key === TOTAL ? <strong>{r.label}</strong> : r.label),
            role: 'title',
          },
          { title: 'Bids', cell: (r) => r.bids.toLocaleString('en-IN') },
          { title: 'Stake', cell: (r) => money(r.stake) },
          { title: 'Payout', cell: (r) => money(r.payout) },
          { title: 'Net', cell: (r) => netText(r.net) },
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
