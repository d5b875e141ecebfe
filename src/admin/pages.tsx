import { type FormEvent, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { get, messageOf, send } from './api';
import { MeContext } from './me';

type Family = 'main' | 'starline' | 'galidisawar';
type Game = {
  _id: string;
  gameName: string;
  openTime: string;
  closeTime?: string | null;
  isActive?: boolean;
};

/** A read that shows a spinner line, its error, or its data; `reload` reads again. */
function useRead<T>(path: string | null, params?: Record<string, string>, refreshKey = '') {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: path !== null,
  });
  const key = JSON.stringify([path, params, refreshKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the path and its params
  const reload = useCallback(async () => {
    if (path === null) return;
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const r = await get<T>(path, params);
      setState({ data: r.data, error: null, loading: false });
    } catch (error) {
      setState((s) => ({ ...s, loading: false, error: messageOf(error, 'Could not load') }));
    }
  }, [key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}

function Status({ loading, error }: { loading: boolean; error: string | null }) {
  if (error) return <ErrorLine text={error} />;
  return loading ? <p className="muted">Loading...</p> : null;
}

function ErrorLine({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="error">
      {text}
    </p>
  ) : null;
}

function Notice({ text }: { text: string | null }) {
  return text ? (
    <p role="status" className="notice">
      {text}
    </p>
  ) : null;
}

/** Today in the market zone (the server's MARKET_TZ), as YYYY-MM-DD. */
function useMarketToday(): string {
  const config = useRead<{ marketTz: string }>('config');
  const tz = config.data?.marketTz ?? 'Asia/Kolkata';
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
}

const GAME_PATHS: Record<Family, string> = {
  main: 'admin/main-games',
  starline: 'admin/starline-games',
  galidisawar: 'admin/galidisawar-games',
};

export function DashboardPage() {
  const stats = useRead<{
    users: { total: number };
    bidsToday: { count: number; amount: number };
    winningsToday: number;
    pendingFundRequests: number;
    pendingWithdrawals: number;
    totalBalance: number;
  }>('dashboard-stats');
  const games = useRead<Array<Game & { currentMarketStatus?: boolean; todayResult?: unknown }>>(
    GAME_PATHS.main,
  );
  const activity = useRead<{
    playersOnline: number;
    markets: Array<{
      gameId: string;
      gameName: string;
      family: string;
      session: string | null;
      bids: number;
      stakes: number;
    }>;
  }>('admin/dashboard/today');
  const s = stats.data;
  const cards: Array<[string, ReactNode]> = s
    ? [
        ['Bids today', `${s.bidsToday.count} (${s.bidsToday.amount} points)`],
        ['Winnings paid today', `${s.winningsToday} points`],
        ['Profit / loss today', `${s.bidsToday.amount - s.winningsToday} points`],
        ['Pending fund requests', s.pendingFundRequests],
        ['Pending withdrawals', s.pendingWithdrawals],
        ['Players online (5 min)', activity.data?.playersOnline ?? '-'],
        ['Players', s.users.total],
        ['Player balances', `${s.totalBalance} points`],
      ]
    : [];
  return (
    <section>
      <h1>Dashboard</h1>
      <Status loading={stats.loading} error={stats.error} />
      <div className="cards">
        {cards.map(([label, value]) => (
          <div className="card stat" key={label}>
            <span>{label}</span>
            <strong>{value}</strong>
          </div>
        ))}
      </div>
      <h2>Bids today by market and session</h2>
      <Status loading={activity.loading} error={activity.error} />
      <table aria-label="Bids by market">
        <thead>
          <tr>
            <th>Market</th>
            <th>Family</th>
            <th>Session</th>
            <th>Bids</th>
            <th>Stakes</th>
          </tr>
        </thead>
        <tbody>
          {(activity.data?.markets ?? []).map((m) => (
            <tr key={`${m.gameId}:${m.session}`}>
              <td>{m.gameName}</td>
              <td>{m.family}</td>
              <td>{m.session ?? '-'}</td>
              <td>{m.bids}</td>
              <td>{m.stakes}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Today's main markets</h2>
      <Status loading={games.loading} error={games.error} />
      <table>
        <thead>
          <tr>
            <th>Market</th>
            <th>Open</th>
            <th>Close</th>
            <th>State</th>
          </tr>
        </thead>
        <tbody>
          {(games.data ?? []).map((g) => (
            <tr key={g._id}>
              <td>{g.gameName}</td>
              <td>{g.openTime}</td>
              <td>{g.closeTime}</td>
              <td>{g.currentMarketStatus ? 'Open' : 'Closed'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type Exposure = { result: string; winningBids: number; winners: number; payout: number };
type Preview = {
  gameName: string;
  pendingBids: number;
  stakes: number;
  chosen: Exposure;
  mostExpensive: Exposure[];
};

export function ResultsPage() {
  const today = useMarketToday();
  const [family, setFamily] = useState<Family>('main');
  const games = useRead<Game[]>(GAME_PATHS[family]);
  const [form, setForm] = useState({ gameId: '', date: '', session: 'open', value: '' });
  const [preview, setPreview] = useState<{ for: string; data: Preview } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const date = form.date || today;
  const body = {
    gameId: form.gameId,
    resultDate: date,
    ...(family === 'main' ? { session: form.session } : {}),
    ...(family === 'galidisawar' ? { jodi: form.value } : { panna: form.value }),
  };
  const key = JSON.stringify([family, body]);
  const previewed = preview?.for === key ? preview.data : null;

  const runPreview = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    try {
      const params = Object.fromEntries(Object.entries({ family, ...body }).map(([k, v]) => [k, String(v)]));
      const r = await get<Preview>('admin/results/preview', params);
      setPreview({ for: key, data: r.data });
    } catch (err) {
      setPreview(null);
      setError(messageOf(err));
    }
  };
  const declare = async () => {
    setError(null);
    try {
      const r = await send<{ settlement: { settledBids: number; winners: number; totalWinAmount: number } }>(
        'post',
        `admin/results/${family}`,
        body,
      );
      const s = r.data.settlement;
      setDone(
        `Result declared: ${s.settledBids} bids settled, ${s.winners} winners, ${s.totalWinAmount} points paid`,
      );
      setPreview(null);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <section>
      <h1>Declare a result</h1>
      <form className="row-form" onSubmit={runPreview}>
        <label>
          Family
          <select
            value={family}
            onChange={(e) => {
              setFamily(e.target.value as Family);
              setForm((f) => ({ ...f, gameId: '' }));
            }}
          >
            <option value="main">Main</option>
            <option value="starline">Starline</option>
            <option value="galidisawar">Galidisawar</option>
          </select>
        </label>
        <label>
          Market
          <select value={form.gameId} onChange={(e) => setForm({ ...form, gameId: e.target.value })} required>
            <option value="">Choose a market</option>
            {(games.data ?? []).map((g) => (
              <option key={g._id} value={g._id}>
                {g.gameName}
              </option>
            ))}
          </select>
        </label>
        <label>
          Date
          <input type="date" value={date} onChange={(e) => setForm({ ...form, date: e.target.value })} />
        </label>
        {family === 'main' ? (
          <label>
            Session
            <select value={form.session} onChange={(e) => setForm({ ...form, session: e.target.value })}>
              <option value="open">Open</option>
              <option value="close">Close</option>
            </select>
          </label>
        ) : null}
        <label>
          {family === 'galidisawar' ? 'Jodi' : 'Panna'}
          <input
            value={form.value}
            inputMode="numeric"
            maxLength={family === 'galidisawar' ? 2 : 3}
            onChange={(e) => setForm({ ...form, value: e.target.value.replace(/\D/g, '') })}
            required
          />
        </label>
        <button type="submit">Preview</button>
      </form>
      <ErrorLine text={error} />
      <Notice text={done} />
      {previewed ? (
        <div className="card">
          <h2>
            {previewed.gameName}: {previewed.chosen.result}
          </h2>
          <p>
            {previewed.pendingBids} pending bids, {previewed.stakes} points staked. This result makes{' '}
            <strong>{previewed.chosen.winningBids} winning bids</strong> for {previewed.chosen.winners}{' '}
            players and pays <strong>{previewed.chosen.payout} points</strong>.
          </p>
          <button type="button" className="danger" onClick={() => void declare()}>
            Declare {previewed.chosen.result}
          </button>
          <h3>Most expensive results for this session</h3>
          <table aria-label="Most expensive results">
            <thead>
              <tr>
                <th>Result</th>
                <th>Winning bids</th>
                <th>Players</th>
                <th>Payout</th>
              </tr>
            </thead>
            <tbody>
              {previewed.mostExpensive.map((e) => (
                <tr key={e.result}>
                  <td>{e.result}</td>
                  <td>{e.winningBids}</td>
                  <td>{e.winners}</td>
                  <td>{e.payout}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Declared family={family} date={date} refreshKey={done ?? ''} />
      <Winners family={family} date={date} refreshKey={done ?? ''} />
    </section>
  );
}

const RESULT_READS: Record<Family, string> = {
  main: 'admin/all-result',
  starline: 'admin/all-starline-result',
  galidisawar: 'admin/all-gali-result',
};

type DeclaredRow = {
  _id: string;
  gameName: string;
  openPanna?: { panna: string; digit: string } | null;
  closePanna?: { panna: string; digit: string } | null;
  panna?: string;
  digit?: string;
  jodiDigit?: string;
};

function resultText(r: DeclaredRow): string {
  if (r.jodiDigit) return r.jodiDigit;
  if (r.panna) return `${r.panna}-${r.digit}`;
  const open = r.openPanna ? `${r.openPanna.panna}-${r.openPanna.digit}` : '***-*';
  return r.closePanna ? `${open}${r.closePanna.digit}-${r.closePanna.panna}` : open;
}

type Winner = {
  _id: string;
  gameId: { gameName: string };
  gameType: string;
  subBid: Record<string, unknown>;
  amount: number;
  winAmount: number;
  userId: string;
};

/** The winning bids of a market day for a family (GET /admin/{family}/winners). */
function Winners({ family, date, refreshKey }: { family: Family; date: string; refreshKey: string }) {
  const list = useRead<Winner[]>(`admin/${family}/winners`, { date, limit: '100' }, refreshKey);
  const numbers = (w: Winner) =>
    Object.entries(w.subBid)
      .filter(([k, v]) => k !== 'gameType' && v !== null && v !== undefined && v !== '')
      .map(([, v]) => String(v))
      .join(' ');
  return (
    <div>
      <h2>Winners on {date}</h2>
      <Status loading={list.loading} error={list.error} />
      {list.data && list.data.length === 0 ? <p className="muted">No winners yet.</p> : null}
      <table aria-label="Winners">
        <thead>
          <tr>
            <th>Market</th>
            <th>Bet</th>
            <th>Numbers</th>
            <th>Stake</th>
            <th>Won</th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((w) => (
            <tr key={w._id}>
              <td>{w.gameId.gameName}</td>
              <td>{w.gameType}</td>
              <td>{numbers(w)}</td>
              <td>{w.amount}</td>
              <td>{w.winAmount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The day's declared results of a family, each with Revert (a reason is required, and logged). */
function Declared({ family, date, refreshKey }: { family: Family; date: string; refreshKey: string }) {
  const list = useRead<DeclaredRow[]>(RESULT_READS[family], { date, limit: '100' }, refreshKey);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revert = async (r: DeclaredRow) => {
    const reason = reasons[r._id]?.trim();
    if (!reason) return setError('Give a reason to revert');
    setError(null);
    try {
      const out = await send<{ reverted: { bids: number; winners: number; totalWinAmount: number } }>(
        'delete',
        `admin/results/${family}/${r._id}`,
        { reason },
      );
      setNote(
        `Result reverted: ${out.data.reverted.bids} bids back to pending, ${out.data.reverted.totalWinAmount} points taken back`,
      );
      void list.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <div>
      <h2>Declared on {date}</h2>
      <Notice text={note} />
      <ErrorLine text={error} />
      <Status loading={list.loading} error={list.error} />
      <table aria-label="Declared results">
        <thead>
          <tr>
            <th>Market</th>
            <th>Result</th>
            <th>Revert</th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((r) => (
            <tr key={r._id}>
              <td>{r.gameName}</td>
              <td>{resultText(r)}</td>
              <td className="decide">
                <input
                  placeholder="Reason"
                  aria-label={`Reason to revert ${r.gameName}`}
                  value={reasons[r._id] ?? ''}
                  onChange={(e) => setReasons({ ...reasons, [r._id]: e.target.value })}
                />
                <button type="button" className="danger" onClick={() => void revert(r)}>
                  Revert {r.gameName}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Person = { _id: string; name: string; phone: string };
type Withdrawal = {
  _id: string;
  createdAt: string;
  method: string;
  amount: number;
  status: string;
  user?: Person;
};
type Fund = {
  _id: string;
  createdAt: string;
  amount: number;
  status: string;
  utr?: string | null;
  user?: Person;
};

/** Approve or reject one request; a rejection asks for its reason (kept in the audit log). */
function Decide(props: {
  kind: 'withdrawals' | 'funds';
  id: string;
  who: string;
  onDone: (text: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const act = async (action: 'approve' | 'reject') => {
    if (action === 'reject' && !reason.trim()) return setError('Give a reason to reject');
    try {
      const r = await send(
        'post',
        `admin/${props.kind}/${props.id}/${action}`,
        action === 'reject' ? { reason } : {},
      );
      props.onDone(r.message ?? 'Done');
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <span className="decide">
      <button type="button" onClick={() => void act('approve')} aria-label={`Approve ${props.who}`}>
        Approve
      </button>
      <input
        placeholder="Reason to reject"
        aria-label={`Reason to reject ${props.who}`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <button
        type="button"
        className="danger"
        onClick={() => void act('reject')}
        aria-label={`Reject ${props.who}`}
      >
        Reject
      </button>
      {error ? <span className="error">{error}</span> : null}
    </span>
  );
}

export function MoneyPage() {
  const withdrawals = useRead<Withdrawal[]>('admin/withdrawals', { status: 'pending', limit: '50' });
  const funds = useRead<Fund[]>('admin/funds', { status: 'pending', limit: '50' });
  const [done, setDone] = useState<string | null>(null);
  const after = (text: string) => {
    setDone(text);
    void withdrawals.reload();
    void funds.reload();
  };
  return (
    <section>
      <h1>Money</h1>
      <Notice text={done} />
      <h2>Pending withdrawals</h2>
      <Status loading={withdrawals.loading} error={withdrawals.error} />
      <table aria-label="Pending withdrawals">
        <thead>
          <tr>
            <th>When</th>
            <th>Player</th>
            <th>Method</th>
            <th>Amount</th>
            <th>Decision</th>
          </tr>
        </thead>
        <tbody>
          {(withdrawals.data ?? []).map((w) => (
            <tr key={w._id}>
              <td>{new Date(w.createdAt).toLocaleString('en-IN')}</td>
              <td>
                {w.user?.name} {w.user?.phone}
              </td>
              <td>{w.method}</td>
              <td>{w.amount}</td>
              <td>
                <Decide
                  kind="withdrawals"
                  id={w._id}
                  who={`withdrawal of ${w.user?.phone ?? ''}`}
                  onDone={after}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Pending fund requests</h2>
      <Status loading={funds.loading} error={funds.error} />
      <table aria-label="Pending fund requests">
        <thead>
          <tr>
            <th>When</th>
            <th>Player</th>
            <th>UTR</th>
            <th>Amount</th>
            <th>Decision</th>
          </tr>
        </thead>
        <tbody>
          {(funds.data ?? []).map((f) => (
            <tr key={f._id}>
              <td>{new Date(f.createdAt).toLocaleString('en-IN')}</td>
              <td>
                {f.user?.name} {f.user?.phone}
              </td>
              <td>{f.utr ?? '-'}</td>
              <td>{f.amount}</td>
              <td>
                <Decide
                  kind="funds"
                  id={f._id}
                  who={`fund request of ${f.user?.phone ?? ''}`}
                  onDone={after}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type Player = Person & { balance: number; isBlocked: boolean; globel_batting: boolean };

/** An owner's manual credit or debit, with its reason (it lands in the player's ledger and the audit log). */
function Adjust({ player, onDone }: { player: Player; onDone: (text: string) => void }) {
  const [form, setForm] = useState({ type: 'credit', amount: '', description: '' });
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="decide"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          await send('post', `admin/users/${player._id}/wallet`, { ...form, amount: Number(form.amount) });
          onDone(
            `${form.type === 'credit' ? 'Credited' : 'Debited'} ${form.amount} points for ${player.phone}`,
          );
          setForm({ type: 'credit', amount: '', description: '' });
        } catch (err) {
          setError(messageOf(err));
        }
      }}
    >
      <select
        aria-label={`Credit or debit ${player.phone}`}
        value={form.type}
        onChange={(e) => setForm({ ...form, type: e.target.value })}
      >
        <option value="credit">Credit</option>
        <option value="debit">Debit</option>
      </select>
      <input
        aria-label={`Amount for ${player.phone}`}
        inputMode="numeric"
        size={6}
        value={form.amount}
        onChange={(e) => setForm({ ...form, amount: e.target.value.replace(/\D/g, '') })}
        required
      />
      <input
        aria-label={`Reason for ${player.phone}`}
        placeholder="Reason"
        value={form.description}
        onChange={(e) => setForm({ ...form, description: e.target.value })}
        required
      />
      <button type="submit">Apply</button>
      {error ? <span className="error">{error}</span> : null}
    </form>
  );
}

type LedgerEntry = {
  _id: string;
  createdAt: string;
  description: string;
  type: 'credit' | 'debit';
  amount: number;
  status: string;
  balanceAfter: number;
};

type Activity = {
  lastLoginAt: string | null;
  lastSeenAt: string | null;
  referredBy: string | null;
  referrals: Array<{ name: string; phone: string; status: string; reward: number }>;
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-IN') : 'never');

/** One player's activity and ledger: logins, referrals, and every entry with the balance after it. */
function Ledger({ player }: { player: Player }) {
  const ledger = useRead<LedgerEntry[]>(`admin/users/${player._id}/ledger`, { limit: '50' });
  const activity = useRead<Activity>(`admin/users/${player._id}/activity`);
  const a = activity.data;
  return (
    <div className="card">
      <h2>{player.phone}</h2>
      <Status loading={activity.loading} error={activity.error} />
      {a ? (
        <p>
          Last login {when(a.lastLoginAt)}; last seen {when(a.lastSeenAt)}.
          {a.referredBy ? ` Referred by ${a.referredBy}.` : ''} Referred {a.referrals.length} players
          {a.referrals.length
            ? `: ${a.referrals.map((r) => `${r.phone} (${r.status}, ${r.reward} points)`).join(', ')}`
            : ''}
          .
        </p>
      ) : null}
      <h3>Ledger of {player.phone}</h3>
      <Status loading={ledger.loading} error={ledger.error} />
      <table aria-label={`Ledger of ${player.phone}`}>
        <thead>
          <tr>
            <th>When</th>
            <th>What</th>
            <th>Amount</th>
            <th>Status</th>
            <th>Balance after</th>
          </tr>
        </thead>
        <tbody>
          {(ledger.data ?? []).map((e) => (
            <tr key={e._id}>
              <td>{new Date(e.createdAt).toLocaleString('en-IN')}</td>
              <td>{e.description}</td>
              <td>{e.type === 'credit' ? `+${e.amount}` : `-${e.amount}`}</td>
              <td>{e.status}</td>
              <td>{e.balanceAfter}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PlayersPage() {
  const me = useContext(MeContext);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const players = useRead<Player[]>('admin/users', query ? { search: query, limit: '50' } : { limit: '50' });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ledgerOf, setLedgerOf] = useState<Player | null>(null);
  const patch = async (p: Player, body: Record<string, boolean>, text: string) => {
    setError(null);
    try {
      await send('patch', `admin/users/${p._id}`, body);
      setDone(text);
      void players.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <section>
      <h1>Players</h1>
      <form
        className="row-form"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(search.trim());
        }}
      >
        <label>
          Phone or name
          <input value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      <Notice text={done} />
      <ErrorLine text={error} />
      <Status loading={players.loading} error={players.error} />
      <table aria-label="Players">
        <thead>
          <tr>
            <th>Name</th>
            <th>Phone</th>
            <th>Balance</th>
            <th>Account</th>
            {me?.role === 'owner' ? <th>Wallet adjustment</th> : null}
            <th>Betting</th>
          </tr>
        </thead>
        <tbody>
          {(players.data ?? []).map((p) => (
            <tr key={p._id}>
              <td>{p.name}</td>
              <td>{p.phone}</td>
              <td>
                {p.balance}{' '}
                <button type="button" onClick={() => setLedgerOf(p)}>
                  Ledger of {p.phone}
                </button>
              </td>
              <td>
                {p.isBlocked ? 'Blocked ' : 'Active '}
                <button
                  type="button"
                  className={p.isBlocked ? '' : 'danger'}
                  onClick={() =>
                    void patch(
                      p,
                      { isBlocked: !p.isBlocked },
                      `${p.phone} ${p.isBlocked ? 'unblocked' : 'blocked'}`,
                    )
                  }
                >
                  {p.isBlocked ? `Unblock ${p.phone}` : `Block ${p.phone}`}
                </button>
              </td>
              {me?.role === 'owner' ? (
                <td>
                  <Adjust
                    player={p}
                    onDone={(text) => {
                      setDone(text);
                      void players.reload();
                    }}
                  />
                </td>
              ) : null}
              <td>
                {p.globel_batting ? 'On ' : 'Off '}
                <button
                  type="button"
                  onClick={() =>
                    void patch(
                      p,
                      { globel_batting: !p.globel_batting },
                      `Betting ${p.globel_batting ? 'off' : 'on'} for ${p.phone}`,
                    )
                  }
                >
                  {p.globel_batting ? 'Switch off' : 'Switch on'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {me?.role !== 'owner' ? (
        <p className="muted">Wallet adjustments, settings and operators are for owners.</p>
      ) : null}
      {ledgerOf ? <Ledger key={`${ledgerOf._id}:${done ?? ''}`} player={ledgerOf} /> : null}
    </section>
  );
}

type Entry = {
  _id: string;
  at: string;
  username: string;
  role: string;
  method: string;
  path: string;
  status: number;
  request: unknown;
  before: unknown;
  after: unknown;
  clientAddress: string;
};

export function AuditPage() {
  const [filter, setFilter] = useState({ route: '', method: '' });
  const [applied, setApplied] = useState(filter);
  const params: Record<string, string> = { limit: '50' };
  if (applied.route) params.route = applied.route;
  if (applied.method) params.method = applied.method;
  const log = useRead<Entry[]>('admin/audit-log', params);
  return (
    <section>
      <h1>Audit log</h1>
      <form
        className="row-form"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(filter);
        }}
      >
        <label>
          Route contains
          <input value={filter.route} onChange={(e) => setFilter({ ...filter, route: e.target.value })} />
        </label>
        <label>
          Method
          <select value={filter.method} onChange={(e) => setFilter({ ...filter, method: e.target.value })}>
            <option value="">Any</option>
            {['POST', 'PUT', 'PATCH', 'DELETE'].map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <button type="submit">Filter</button>
      </form>
      <Status loading={log.loading} error={log.error} />
      <table aria-label="Audit log">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>What</th>
            <th>Status</th>
            <th>Details</th>
          </tr>
        </thead>
        <tbody>
          {(log.data ?? []).map((e) => (
            <tr key={e._id}>
              <td>{new Date(e.at).toLocaleString('en-IN')}</td>
              <td>
                {e.username} ({e.role})
              </td>
              <td>
                {e.method} {e.path}
              </td>
              <td>{e.status}</td>
              <td>
                <details>
                  <summary>Before / after</summary>
                  <pre>
                    {JSON.stringify({ request: e.request, before: e.before, after: e.after }, null, 2)}
                  </pre>
                  <small>from {e.clientAddress}</small>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
type Day = { openTime: string; closeTime: string | null; marketStatus: boolean };
type MarketGame = Game & {
  isActive: boolean;
  currentMarketStatus: boolean;
  schedule?: Record<(typeof WEEKDAYS)[number], Day> | null;
};

/** Markets: create a game, its times, open or closed today, its weekday schedule; the rates. */
export function MarketsPage() {
  const [family, setFamily] = useState<Family>('main');
  const [version, setVersion] = useState(0);
  const games = useRead<MarketGame[]>(GAME_PATHS[family], undefined, String(version));
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState({ gameName: '', openTime: '', closeTime: '' });
  const write = async (method: 'post' | 'put', path: string, body: unknown, text: string) => {
    setError(null);
    try {
      await send(method, path, body);
      setNote(text);
      setVersion((v) => v + 1);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <section>
      <h1>Markets</h1>
      <label>
        Family
        <select value={family} onChange={(e) => setFamily(e.target.value as Family)}>
          <option value="main">Main</option>
          <option value="starline">Starline</option>
          <option value="galidisawar">Galidisawar</option>
        </select>
      </label>
      <Notice text={note} />
      <ErrorLine text={error} />
      <form
        className="row-form card"
        onSubmit={(e) => {
          e.preventDefault();
          const body = {
            gameName: draft.gameName,
            openTime: draft.openTime,
            ...(family === 'main' ? { closeTime: draft.closeTime } : {}),
          };
          void write('post', GAME_PATHS[family], body, `${draft.gameName} created`);
        }}
      >
        <label>
          New market name
          <input
            value={draft.gameName}
            onChange={(e) => setDraft({ ...draft, gameName: e.target.value })}
            required
          />
        </label>
        <label>
          Opens
          <input
            type="time"
            value={draft.openTime}
            onChange={(e) => setDraft({ ...draft, openTime: e.target.value })}
            required
          />
        </label>
        {family === 'main' ? (
          <label>
            Closes
            <input
              type="time"
              value={draft.closeTime}
              onChange={(e) => setDraft({ ...draft, closeTime: e.target.value })}
              required
            />
          </label>
        ) : null}
        <button type="submit">Create market</button>
      </form>
      <Status loading={games.loading} error={games.error} />
      <table aria-label="Markets">
        <thead>
          <tr>
            <th>Market</th>
            <th>Times</th>
            <th>Today</th>
            {family === 'main' ? <th>Weekdays (open)</th> : null}
          </tr>
        </thead>
        <tbody>
          {(games.data ?? []).map((g) => {
            const path = `${GAME_PATHS[family]}/${g._id}`;
            return (
              <tr key={g._id}>
                <td>
                  {g.gameName}
                  {g.isActive ? '' : ' (inactive)'}
                </td>
                <td>
                  <Times
                    game={g}
                    family={family}
                    onSave={(body, text) => void write('put', path, body, text)}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className={g.currentMarketStatus ? 'danger' : ''}
                    onClick={() =>
                      void write(
                        'put',
                        path,
                        { currentMarketStatus: !g.currentMarketStatus },
                        `${g.gameName} ${g.currentMarketStatus ? 'closed' : 'opened'} for today`,
                      )
                    }
                  >
                    {g.currentMarketStatus ? `Close ${g.gameName} today` : `Open ${g.gameName} today`}
                  </button>
                </td>
                {family === 'main' && g.schedule ? (
                  <td className="decide">
                    {WEEKDAYS.map((d) => {
                      const day = g.schedule?.[d] as Day;
                      return (
                        <label key={d} className="check">
                          <input
                            type="checkbox"
                            checked={day.marketStatus}
                            aria-label={`${g.gameName} open on ${d}`}
                            onChange={() =>
                              void write(
                                'put',
                                path,
                                { schedule: { [d]: { ...day, marketStatus: !day.marketStatus } } },
                                `${g.gameName}: ${d} ${day.marketStatus ? 'closed' : 'open'}`,
                              )
                            }
                          />
                          {d.slice(0, 3)}
                        </label>
                      );
                    })}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      <Rates family={family} />
    </section>
  );
}

/** A market's times, edited in place (the weekday schedule keeps its own per day). */
function Times(props: {
  game: MarketGame;
  family: Family;
  onSave: (body: { openTime: string; closeTime?: string }, text: string) => void;
}) {
  const { game, family } = props;
  const [open, setOpen] = useState(game.openTime);
  const [close, setClose] = useState(game.closeTime ?? '');
  const changed = open !== game.openTime || (family === 'main' && close !== (game.closeTime ?? ''));
  return (
    <span className="decide">
      <input
        type="time"
        aria-label={`${game.gameName} opens`}
        value={open}
        onChange={(e) => setOpen(e.target.value)}
      />
      {family === 'main' ? (
        <input
          type="time"
          aria-label={`${game.gameName} closes`}
          value={close}
          onChange={(e) => setClose(e.target.value)}
        />
      ) : null}
      {changed ? (
        <button
          type="button"
          onClick={() =>
            props.onSave(
              family === 'main' ? { openTime: open, closeTime: close } : { openTime: open },
              `${game.gameName}: times saved`,
            )
          }
        >
          Save times
        </button>
      ) : null}
    </span>
  );
}

const RATE_PATHS: Record<Family, string> = {
  main: 'admin/game-point',
  starline: 'admin/starline-game-rate',
  galidisawar: 'admin/galidisawar-rate',
};

function Rates({ family }: { family: Family }) {
  const [version, setVersion] = useState(0);
  const rates = useRead<Array<Record<string, number | string>>>(
    RATE_PATHS[family],
    undefined,
    String(version),
  );
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const entry = rates.data?.[0] ?? {};
  const keys = Object.keys(entry).filter((k) => /(Point|Amount)$/.test(k));
  const bets = [...new Set(keys.map((k) => k.replace(/(Point|Amount)$/, '')))];
  return (
    <div className="card">
      <h2>Rates</h2>
      <Notice text={note} />
      <ErrorLine text={error} />
      <form
        className="row-form"
        onSubmit={async (e) => {
          e.preventDefault();
          const body = Object.fromEntries(Object.entries(edits).map(([k, v]) => [k, Number(v)]));
          try {
            await send('put', RATE_PATHS[family], body);
            setNote('Rates saved');
            setEdits({});
            setVersion((v) => v + 1);
          } catch (err) {
            setError(messageOf(err));
          }
        }}
      >
        {bets.map((b) => (
          <span key={b} className="decide">
            <strong>{b}</strong>
            {(['Point', 'Amount'] as const).map((part) => (
              <input
                key={part}
                aria-label={`${b} ${part.toLowerCase()}`}
                inputMode="numeric"
                size={6}
                value={edits[`${b}${part}`] ?? String(entry[`${b}${part}`] ?? '')}
                onChange={(e) => setEdits({ ...edits, [`${b}${part}`]: e.target.value.replace(/\D/g, '') })}
              />
            ))}
          </span>
        ))}
        <button type="submit" disabled={Object.keys(edits).length === 0}>
          Save rates
        </button>
      </form>
    </div>
  );
}

type Operator = { _id: string; username: string; role: 'owner' | 'staff'; isActive: boolean };

/** Operators (owners only; the server refuses staff): create, change role, switch off. */
export function OperatorsPage() {
  const me = useContext(MeContext);
  const [version, setVersion] = useState(0);
  const list = useRead<Operator[]>(
    me?.role === 'owner' ? 'admin/operators' : null,
    undefined,
    String(version),
  );
  const [draft, setDraft] = useState({ username: '', password: '', role: 'staff' });
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (me?.role !== 'owner') return <p className="muted">Operators are managed by owners.</p>;
  const act = async (method: 'post' | 'patch', path: string, body: unknown, text: string) => {
    setError(null);
    try {
      await send(method, path, body);
      setNote(text);
      setVersion((v) => v + 1);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <section>
      <h1>Operators</h1>
      <Notice text={note} />
      <ErrorLine text={error} />
      <form
        className="row-form card"
        onSubmit={(e) => {
          e.preventDefault();
          void act('post', 'admin/operators', draft, `${draft.username} created`);
        }}
      >
        <label>
          Username
          <input
            value={draft.username}
            onChange={(e) => setDraft({ ...draft, username: e.target.value })}
            required
          />
        </label>
        <label>
          Password
          <input
            type="password"
            autoComplete="new-password"
            value={draft.password}
            onChange={(e) => setDraft({ ...draft, password: e.target.value })}
            required
          />
        </label>
        <label>
          Role
          <select value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value })}>
            <option value="staff">Staff</option>
            <option value="owner">Owner</option>
          </select>
        </label>
        <button type="submit">Create operator</button>
      </form>
      <Status loading={list.loading} error={list.error} />
      <table aria-label="Operators">
        <thead>
          <tr>
            <th>Username</th>
            <th>Role</th>
            <th>Active</th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((o) => (
            <tr key={o._id}>
              <td>{o.username}</td>
              <td>
                {o.role}{' '}
                <button
                  type="button"
                  onClick={() =>
                    void act(
                      'patch',
                      `admin/operators/${o._id}`,
                      { role: o.role === 'owner' ? 'staff' : 'owner' },
                      `${o.username} is now ${o.role === 'owner' ? 'staff' : 'an owner'}`,
                    )
                  }
                >
                  Make {o.role === 'owner' ? 'staff' : 'owner'}
                </button>
              </td>
              <td>
                {o.isActive ? 'Yes ' : 'No '}
                <button
                  type="button"
                  className={o.isActive ? 'danger' : ''}
                  onClick={() =>
                    void act(
                      'patch',
                      `admin/operators/${o._id}`,
                      { isActive: !o.isActive },
                      `${o.username} ${o.isActive ? 'switched off' : 'switched on'}`,
                    )
                  }
                >
                  {o.isActive ? 'Switch off' : 'Switch on'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One settings document edited field by field: strings as text, numbers as numbers, flags as boxes. */
function SettingForm({ title, read, write }: { title: string; read: string; write: string }) {
  const [version, setVersion] = useState(0);
  const current = useRead<Record<string, unknown>>(read, undefined, String(version));
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fields = Object.entries(current.data ?? {}).filter(([k]) => !k.startsWith('_') && k !== 'updatedAt');
  return (
    <form
      className="card"
      aria-label={title}
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          await send('put', write, edits);
          setNote(`${title} saved`);
          setEdits({});
          setVersion((v) => v + 1);
        } catch (err) {
          setError(messageOf(err));
        }
      }}
    >
      <h2>{title}</h2>
      <Notice text={note} />
      <ErrorLine text={error} />
      <Status loading={current.loading} error={current.error} />
      <div className="row-form">
        {fields.map(([key, value]) => {
          const shown = key in edits ? edits[key] : value;
          if (typeof value === 'boolean') {
            return (
              <label key={key} className="check">
                <input
                  type="checkbox"
                  checked={shown === true}
                  onChange={(e) => setEdits({ ...edits, [key]: e.target.checked })}
                />
                {key}
              </label>
            );
          }
          return (
            <label key={key}>
              {key}
              <input
                value={String(shown ?? '')}
                inputMode={typeof value === 'number' ? 'numeric' : undefined}
                onChange={(e) =>
                  setEdits({
                    ...edits,
                    [key]: typeof value === 'number' ? Number(e.target.value) : e.target.value,
                  })
                }
              />
            </label>
          );
        })}
      </div>
      <button type="submit" disabled={Object.keys(edits).length === 0}>
        Save {title.toLowerCase()}
      </button>
    </form>
  );
}

/** Settings (owners only; the server refuses staff). */
export function SettingsPage() {
  const me = useContext(MeContext);
  if (me?.role !== 'owner') return <p className="muted">Settings are changed by owners.</p>;
  return (
    <section>
      <h1>Settings</h1>
      <SettingForm title="Maintenance" read="status" write="admin/maintenance" />
      <SettingForm title="Bid limits" read="admin/required-update" write="admin/required-update" />
      <SettingForm title="Contact" read="admin/contact" write="admin/contact" />
      <SettingForm title="App link" read="admin/app-link" write="admin/app-link" />
    </section>
  );
}

type Sms = { _id: string; phone: string; purpose: string | null; text: string; createdAt: string };

/** The SMS outbox (the outbox provider keeps every message; a player's OTP when they call support). */
export function SmsPage() {
  const [phone, setPhone] = useState('');
  const [query, setQuery] = useState('');
  const list = useRead<Sms[]>('admin/sms-outbox', query ? { phone: query, limit: '50' } : { limit: '50' });
  return (
    <section>
      <h1>SMS outbox</h1>
      <form
        className="row-form"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(phone.trim());
        }}
      >
        <label>
          Phone
          <input value={phone} inputMode="numeric" onChange={(e) => setPhone(e.target.value)} />
        </label>
        <button type="submit">Show</button>
      </form>
      <Status loading={list.loading} error={list.error} />
      <table aria-label="SMS outbox">
        <thead>
          <tr>
            <th>When</th>
            <th>Phone</th>
            <th>Purpose</th>
            <th>Text</th>
          </tr>
        </thead>
        <tbody>
          {(list.data ?? []).map((m) => (
            <tr key={m._id}>
              <td>{new Date(m.createdAt).toLocaleString('en-IN')}</td>
              <td>{m.phone}</td>
              <td>{m.purpose ?? '-'}</td>
              <td>{m.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The content the player app shows, by kind: where it is read, where it is written, its fields. */
const CONTENT = [
  { label: 'Notices', read: 'notices', write: 'admin/notices', fields: ['title', 'message'] },
  { label: 'Sliders', read: 'admin/all-slider', write: 'admin/sliders', fields: ['imageUrl'] },
  { label: 'Videos', read: 'videos', write: 'admin/videos', fields: ['youtubeId', 'title', 'description'] },
  { label: 'Footer links', read: 'footer-links', write: 'admin/footer-links', fields: ['title', 'url'] },
  { label: 'App logos', read: 'logo', write: 'admin/logos', fields: ['imageUrl', 'app_title'] },
] as const;

type ContentItem = { _id: string } & Record<string, unknown>;

function ContentKind({ kind }: { kind: (typeof CONTENT)[number] }) {
  const [version, setVersion] = useState(0);
  const list = useRead<ContentItem[]>(kind.read, undefined, String(version));
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (method: 'post' | 'delete', path: string, body: unknown, text: string) => {
    setError(null);
    try {
      await send(method, path, body);
      setNote(text);
      setDraft({});
      setVersion((v) => v + 1);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <div className="card">
      <h2>{kind.label}</h2>
      <Notice text={note} />
      <ErrorLine text={error} />
      <form
        className="row-form"
        aria-label={`New ${kind.label}`}
        onSubmit={(e) => {
          e.preventDefault();
          void act('post', kind.write, draft, `${kind.label}: added`);
        }}
      >
        {kind.fields.map((f) => (
          <label key={f}>
            {f}
            <input value={draft[f] ?? ''} onChange={(e) => setDraft({ ...draft, [f]: e.target.value })} />
          </label>
        ))}
        <button type="submit">Add</button>
      </form>
      <Status loading={list.loading} error={list.error} />
      <table aria-label={kind.label}>
        <tbody>
          {(list.data ?? []).map((item) => (
            <tr key={item._id}>
              {kind.fields.map((f) => (
                <td key={f}>{String(item[f] ?? '')}</td>
              ))}
              <td>
                <button
                  type="button"
                  className="danger"
                  aria-label={`Delete ${String(item[kind.fields[0]] ?? item._id)}`}
                  onClick={() => {
                    if (window.confirm(`Delete this from ${kind.label}? Players stop seeing it at once.`)) {
                      void act('delete', `${kind.write}/${item._id}`, undefined, `${kind.label}: deleted`);
                    }
                  }}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Sliders, notices, videos, footer links and logos of the player app. */
export function ContentPage() {
  return (
    <section>
      <h1>Content</h1>
      {CONTENT.map((k) => (
        <ContentKind key={k.label} kind={k} />
      ))}
    </section>
  );
}
