import { type FormEvent, useState } from 'react';
import { galiResultDisplay, mainResultDisplay, starlineResultDisplay } from '../domain/results';
import { get, messageOf, send } from './api';
import { ConfirmButton } from './confirm';
import {
  ErrorLine,
  type Family,
  GAME_PATHS,
  type Game,
  Notice,
  Status,
  useMarketToday,
  useRead,
} from './shared';

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
          <ConfirmButton
            label={`Declare ${previewed.chosen.result}`}
            danger
            question={`Declare ${previewed.chosen.result} for ${previewed.gameName} on ${date}${family === 'main' ? ` (${form.session})` : ''}? ${previewed.chosen.winningBids} bids win and ${previewed.chosen.winners} players are paid ${previewed.chosen.payout} points at once.`}
            yes={`Declare and pay ${previewed.chosen.payout} points`}
            onConfirm={declare}
          />
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

/** The result as the player app shows it (src/domain/results.ts). */
function resultText(family: Family, r: DeclaredRow): string {
  if (family === 'galidisawar') return galiResultDisplay(r.jodiDigit).text;
  if (family === 'starline') return starlineResultDisplay(r.panna).text;
  return mainResultDisplay({ openPanna: r.openPanna?.panna, closePanna: r.closePanna?.panna }).text;
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
      {list.data && list.data.length === 0 ? <p className="empty">No winners yet.</p> : null}
      <table aria-label="Winners" hidden={list.data?.length === 0}>
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
      {list.data?.length === 0 ? <p className="empty">No results declared on {date} yet.</p> : null}
      <table aria-label="Declared results" className="stack" hidden={list.data?.length === 0}>
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
              <td className="stack-title">{r.gameName}</td>
              <td data-label="Result">{resultText(family, r)}</td>
              <td className="decide">
                <input
                  placeholder="Reason"
                  aria-label={`Reason to revert ${r.gameName}`}
                  value={reasons[r._id] ?? ''}
                  onChange={(e) => setReasons({ ...reasons, [r._id]: e.target.value })}
                />
                <ConfirmButton
                  label={`Revert ${r.gameName}`}
                  danger
                  check={() => (reasons[r._id]?.trim() ? null : 'Give a reason to revert')}
                  question={`Revert ${resultText(family, r)} of ${r.gameName}? Every win it paid is taken back and its bids wait again. Reason: "${reasons[r._id]?.trim() ?? ''}"`}
                  yes="Revert and take wins back"
                  onConfirm={() => revert(r)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
