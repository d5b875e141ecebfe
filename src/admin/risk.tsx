import { useState } from 'react';
import { useRead } from './read';
import { ResponsiblePlayReportCard } from './responsible-play';
import type { RiskFlag } from './types';
import { CardList } from './ui/card-list';
import { ConfirmButton } from './ui/confirm';
import { Field } from './ui/field';
import { ErrorLine, Notice, Status } from './ui/status';
import { countText, flagTitle, money, playerText, whenText } from './words';
import { useWrite } from './write';

type Person = { _id: string; name?: string; phone?: string };
type Account = Person & { registeredAt: string };

/** The referral bonus each side gets (contracts/referrals.ts REFERRAL_REWARD_POINTS). */
const REFERRAL_BONUS = 5;

/** What was seen, in words, from the flag's evidence. */
export function flagEvidence(f: RiskFlag): string[] {
  const e = f.evidence as Record<string, never>;
  switch (f.kind) {
    case 'shared-device':
    case 'shared-address': {
      const accounts = (e.accounts ?? []) as Account[];
      const origin = f.kind === 'shared-device' ? `device ${e.device}` : `network ${e.address}`;
      return [
        `${countText(accounts.length, 'account')} registered from ${origin} within 24 hours:`,
        ...accounts.map((a) => `${playerText(a)}, registered ${whenText(a.registeredAt)}`),
      ];
    }
    case 'referral-shared': {
      const shared = [e.device ? `device ${e.device}` : null, e.address ? `network ${e.address}` : null]
        .filter(Boolean)
        .join(' and ');
      return [
        `${playerText(e.referrer)} invited ${playerText(e.referee)}; both registered from ${shared}.`,
        `The bonus (${money(REFERRAL_BONUS)} each) waits for an operator.`,
      ];
    }
    case 'bid-burst':
      return [
        `${playerText(e.player)} sent ${countText(Number(e.submissions), 'bid submission')} (${countText(Number(e.bids), 'bid')}, ${money(e.stake)}) within one minute from ${whenText(e.from)}.`,
      ];
    case 'quick-withdrawal':
      return [
        `Withdrawal of ${money(e.withdrawal)} asked ${countText(Number(e.minutesAfterDeposit), 'minute')} after depositing ${money(e.deposits)} (first deposit ${whenText(e.firstDepositAt)}); staked ${money(e.staked)} since.`,
      ];
  }
}

/**
 * A flag's heading, naming whom it is about: "Ravi (98765 43210): More than 30 bids a minute";
 * a flag about several accounts says how many (its evidence lists them).
 */
export function flagHeading(f: RiskFlag): string {
  const players = f.players ?? [];
  if (players.length === 1) return `${playerText(players[0])}: ${flagTitle(f.kind)}`;
  if (players.length === 2 && f.kind === 'referral-shared')
    return `${playerText(players[0])} and ${playerText(players[1])}: ${flagTitle(f.kind)}`;
  return players.length > 1
    ? `${flagTitle(f.kind)} (${countText(players.length, 'player')})`
    : flagTitle(f.kind);
}

function FlagCard({ f, onDone }: { f: RiskFlag; onDone: () => void }) {
  const w = useWrite();
  const [note, setNote] = useState('');
  const needNote = () => (note.trim() ? null : 'Write why you clear it');
  const clear = (referral?: 'pay' | 'refuse') =>
    w.write(
      'post',
      `admin/risk-flags/${f._id}/clear`,
      { note: note.trim(), ...(referral ? { referral } : {}) },
      referral === 'pay'
        ? 'Bonus paid, flag cleared'
        : referral === 'refuse'
          ? 'Bonus refused, flag cleared'
          : 'Flag cleared',
    );
  const e = f.evidence as Record<string, never>;
  const after = async (ok: Promise<boolean>) => {
    if (await ok) onDone();
  };
  return (
    <li className="item" aria-label={flagHeading(f)}>
      <h3>{flagHeading(f)}</h3>
      {flagEvidence(f).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="meta">
        Seen {whenText(f.createdAt)}
        {f.updatedAt !== f.createdAt ? `, last ${whenText(f.updatedAt)}` : ''}. A flag blocks nobody.
      </p>
      {f.clearedAt ? (
        <p className="meta">
          Cleared {whenText(f.clearedAt)} {f.clearedBy ? `by ${f.clearedBy}` : 'automatically'}: {f.clearNote}
        </p>
      ) : (
        <div className="actions">
          <input
            aria-label={`Why clear: ${flagHeading(f)}`}
            placeholder="Why (kept in the audit log)"
            value={note}
            onChange={(ev) => setNote(ev.target.value)}
          />
          {f.kind === 'referral-shared' ? (
            <>
              <ConfirmButton
                label="Pay bonus"
                check={needNote}
                question={`Pay the referral bonus: ${money(REFERRAL_BONUS)} to ${playerText(e.referrer)} and ${money(REFERRAL_BONUS)} to ${playerText(e.referee)}?`}
                yes="Pay both"
                onConfirm={() => after(clear('pay'))}
              />
              <ConfirmButton
                label="Refuse bonus"
                danger
                check={needNote}
                question={`Refuse the referral bonus of ${playerText(e.referrer)} and ${playerText(e.referee)}? Neither is paid.`}
                yes="Refuse"
                onConfirm={() => after(clear('refuse'))}
              />
            </>
          ) : (
            <ConfirmButton
              label="Clear"
              check={needNote}
              question={`Clear "${flagHeading(f)}"? Your note is kept in the audit log.`}
              yes="Clear flag"
              onConfirm={() => after(clear())}
            />
          )}
        </div>
      )}
      <ErrorLine text={w.error} />
    </li>
  );
}

/** Risk: flags for the money desk with their evidence (never bans); clearing one is audited. */
export function RiskPage() {
  const [status, setStatus] = useState<'open' | 'cleared'>('open');
  const [version, setVersion] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const flags = useRead<RiskFlag[]>('admin/risk-flags', { status, limit: '50' }, String(version));
  return (
    <section>
      <h1>Risk</h1>
      <p className="muted">
        Things worth a look before money moves. A flag never blocks a player; a held referral bonus waits for
        you to pay or refuse it.
      </p>
      <Field label="Show">
        <select value={status} onChange={(e) => setStatus(e.target.value as 'open' | 'cleared')}>
          <option value="open">Open flags</option>
          <option value="cleared">Cleared flags</option>
        </select>
      </Field>
      <Notice text={done} />
      <Status loading={flags.loading} error={flags.error} />
      <CardList
        label="Risk flags"
        items={flags.data}
        itemKey={(f) => f._id}
        empty={status === 'open' ? 'No open flags. Nothing needs a look.' : 'No cleared flags yet.'}
      >
        {(f) => (
          <FlagCard
            f={f}
            onDone={() => {
              setDone(`Cleared: ${flagHeading(f)}`);
              setVersion((v) => v + 1);
            }}
          />
        )}
      </CardList>
      <ResponsiblePlayReportCard />
    </section>
  );
}
