import { useState } from 'react';
import { messageOf, send } from './api';
import { useMe } from './me';
import { PlayerPushes } from './player-pushes';
import { useRead } from './read';
import { PlayerResponsiblePlay } from './responsible-play';
import type { LedgerEntry, PlayerActivity, PlayerRow } from './types';
import { CardList } from './ui/card-list';
import { ConfirmButton } from './ui/confirm';
import { Field } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { Table } from './ui/table';
import {
  countText,
  money,
  pauseText,
  phoneText,
  playerText,
  signedMoney,
  statusWord,
  whenText,
} from './words';

/** GET /admin/users: a player with the time-out or self-exclusion in force. */
type Player = PlayerRow;

/**
 * An owner's manual credit or debit, with its reason: it asks first, naming the amount and the
 * player, then waits for a second owner to apply it on the Money screen (four eyes); it lands in
 * the player's ledger and the audit log.
 */
function Adjust({ player, onDone }: { player: Player; onDone: (text: string) => void }) {
  const [form, setForm] = useState({ type: 'credit', amount: '', description: '' });
  const [error, setError] = useState<string | null>(null);
  const who = playerText(player);
  const amount = money(Number(form.amount));
  const apply = async () => {
    setError(null);
    try {
      await send('post', `admin/users/${player._id}/wallet`, { ...form, amount: Number(form.amount) });
      // Four eyes: nothing moves until a second owner applies it (Money screen).
      onDone(
        `${form.type === 'credit' ? 'Credit' : 'Debit'} of ${amount} for ${who} waits for a second owner (Money)`,
      );
      setForm({ type: 'credit', amount: '', description: '' });
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <div className="actions">
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
        placeholder="Amount"
        inputMode="numeric"
        size={6}
        value={form.amount}
        onChange={(e) => setForm({ ...form, amount: e.target.value.replace(/\D/g, '') })}
      />
      <input
        aria-label={`Reason for ${player.phone}`}
        placeholder="Reason"
        value={form.description}
        onChange={(e) => setForm({ ...form, description: e.target.value })}
      />
      <ConfirmButton
        label="Request"
        ariaLabel={`Request wallet change for ${player.phone}`}
        check={() =>
          !(Number(form.amount) > 0) ? 'Enter an amount' : !form.description.trim() ? 'Give a reason' : null
        }
        question={
          form.type === 'credit'
            ? `Request a credit of ${amount} to ${who}? A second owner applies it. Balance ${money(player.balance)} becomes ${money(player.balance + Number(form.amount))}. Reason: "${form.description.trim()}"`
            : `Request a debit of ${amount} from ${who}? A second owner applies it. Balance ${money(player.balance)} becomes ${money(player.balance - Number(form.amount))}. Reason: "${form.description.trim()}"`
        }
        yes={form.type === 'credit' ? `Request credit of ${amount}` : `Request debit of ${amount}`}
        danger={form.type === 'debit'}
        onConfirm={apply}
      />
      {error ? <span className="error">{error}</span> : null}
    </div>
  );
}

const when = (iso: string | null) => (iso ? whenText(iso) : 'never');

/** One player's activity and ledger: logins, referrals, and every entry with the balance after it. */
function Ledger({ player, owner }: { player: Player; owner: boolean }) {
  // The newest entries first; older ones on asking (at most the API's 100).
  const [limit, setLimit] = useState(20);
  const ledger = useRead<LedgerEntry[]>(`admin/users/${player._id}/ledger`, { limit: String(limit) });
  const activity = useRead<PlayerActivity>(`admin/users/${player._id}/activity`);
  const a = activity.data;
  return (
    <div className="card" id="player-ledger">
      <h2>{playerText(player)}</h2>
      <Status loading={activity.loading} error={activity.error} />
      {a ? (
        <p>
          Last login {when(a.lastLoginAt)}; last seen {when(a.lastSeenAt)}.
          {a.referredBy ? ` Referred by ${a.referredBy}.` : ''} Referred{' '}
          {countText(a.referrals.length, 'player')}
          {a.referrals.length
            ? `: ${a.referrals.map((r) => `${playerText(r)} (${r.status}, ${money(r.reward)})`).join(', ')}`
            : ''}
          .
        </p>
      ) : null}
      <PlayerResponsiblePlay playerId={player._id} phone={player.phone} />
      {owner ? <PlayerPushes playerId={player._id} phone={player.phone} /> : null}
      <h3>Ledger of {phoneText(player.phone)}</h3>
      <Status loading={ledger.loading} error={ledger.error} />
      <Table<LedgerEntry>
        label={`Ledger of ${player.phone}`}
        rows={ledger.data}
        rowKey={(e) => e._id}
        empty="No ledger entries yet."
        headsWhenEmpty
        stack="compact"
        columns={[
          { title: 'What', role: 'title', cell: (e) => e.description },
          {
            title: 'Amount',
            place: 'end',
            bare: true,
            cell: (e) => (
              <>
                {signedMoney(e.amount, e.type)}
                {e.status !== 'completed' ? (
                  <span className={`tag ${e.status === 'failed' ? 'bad' : ''}`}>{statusWord(e.status)}</span>
                ) : null}
              </>
            ),
          },
          { title: 'When', cell: (e) => whenText(e.createdAt) },
          { title: 'Balance after', place: 'end', cell: (e) => money(e.balanceAfter) },
        ]}
      />
      {ledger.data && ledger.data.length >= limit && limit < 100 ? (
        <button type="button" className="secondary" onClick={() => setLimit((n) => Math.min(100, n + 20))}>
          Show older entries
        </button>
      ) : null}
    </div>
  );
}

export function PlayersPage() {
  const me = useMe();
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
        <Field label="Phone or name">
          <input value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <button type="submit">Search</button>
      </form>
      <Notice text={done} />
      <ErrorLine text={error} />
      <Status loading={players.loading} error={players.error} />
      <CardList
        label="Players"
        items={players.data}
        itemKey={(p) => p._id}
        empty={query ? `No player matches "${query}".` : 'No players yet.'}
      >
        {(p) => (
          <li className="item" aria-label={playerText(p)}>
            <h3>{playerText(p)}</h3>
            <p>
              Balance <strong>{money(p.balance)}</strong>{' '}
              <span className={`tag ${p.isBlocked ? 'bad' : 'ok'}`}>
                {p.isBlocked ? 'Blocked' : 'Active'}
              </span>{' '}
              <span className={`tag ${p.globel_batting ? 'ok' : 'muted'}`}>
                Betting {p.globel_batting ? 'on' : 'off'}
              </span>
              {p.pause ? (
                <>
                  {' '}
                  <span className="tag bad">
                    {p.pause.kind === 'self-exclusion' ? 'Self-excluded' : 'Paused'}
                  </span>
                </>
              ) : null}
            </p>
            {p.pause ? (
              <p className="meta">{pauseText(p.pause)}, by their own choice: they cannot bid or add funds.</p>
            ) : null}
            <div className="actions">
              <button
                type="button"
                className="secondary"
                aria-label={`Ledger of ${p.phone}`}
                onClick={() => {
                  setLedgerOf(p);
                  // The ledger opens below the list: bring it into view (far down on a phone).
                  requestAnimationFrame(() => document.getElementById('player-ledger')?.scrollIntoView());
                }}
              >
                Ledger and activity
              </button>
              <ConfirmButton
                label={p.globel_batting ? 'Turn betting off' : 'Turn betting on'}
                ariaLabel={`Switch betting ${p.globel_batting ? 'off' : 'on'} for ${p.phone}`}
                question={`Switch betting ${p.globel_batting ? 'off' : 'on'} for ${playerText(p)}?`}
                yes={p.globel_batting ? 'Switch off' : 'Switch on'}
                onConfirm={() =>
                  patch(
                    p,
                    { globel_batting: !p.globel_batting },
                    `Betting ${p.globel_batting ? 'off' : 'on'} for ${p.phone}`,
                  )
                }
              />
            </div>
            {me?.role === 'owner' ? (
              <Adjust
                player={p}
                onDone={(text) => {
                  setDone(text);
                  void players.reload();
                }}
              />
            ) : null}
            {/* Apart from the everyday buttons, so a slip never blocks anyone (it asks first too). */}
            <div className="actions danger-zone">
              <ConfirmButton
                label={p.isBlocked ? `Unblock ${p.phone}` : `Block ${p.phone}`}
                danger={!p.isBlocked}
                question={
                  p.isBlocked
                    ? `Unblock ${playerText(p)}? They can sign in and play again.`
                    : `Block ${playerText(p)}? They are signed out at once and cannot sign in, bid, deposit or withdraw until unblocked. Their balance of ${money(p.balance)} stays.`
                }
                yes={p.isBlocked ? 'Unblock' : 'Block'}
                onConfirm={() =>
                  patch(p, { isBlocked: !p.isBlocked }, `${p.phone} ${p.isBlocked ? 'unblocked' : 'blocked'}`)
                }
              />
            </div>
          </li>
        )}
      </CardList>
      {me?.role !== 'owner' ? (
        <p className="muted">Wallet adjustments, settings and operators are for owners.</p>
      ) : null}
      {ledgerOf ? (
        <Ledger key={`${ledgerOf._id}:${done ?? ''}`} player={ledgerOf} owner={me?.role === 'owner'} />
      ) : null}
    </section>
  );
}
