import { useState } from 'react';
import { messageOf, sendFile } from './api';
import { useMarketToday } from './market';
import { readFile, saveBlob } from './read';
import type { PayoutResultRow, PayoutResults } from './types';
import { ConfirmButton } from './ui/confirm';
import { Field } from './ui/field';
import { ErrorLine, Notice } from './ui/status';
import { countText, money, playerText, plural } from './words';

// Paying withdrawals by a bank's bulk upload (owners; docs/money.md "Paying withdrawals"): the
// waiting withdrawals as a CSV for the bank, then the bank's answer read back, first as a dry run
// that shows what it would do, then applied.

const OUTCOME_WORDS: Record<PayoutResultRow['outcome'], string> = {
  paid: 'paid',
  failed: 'failed: refunded',
  waiting: 'waits for a second owner',
  unchanged: 'unchanged',
  problem: 'not read',
};

/** "3 paid, 1 failed and refunded, ..." of an answer (dry run or applied). */
function countsText(r: PayoutResults): string {
  const problems = r.problems.length - r.unchanged;
  return [
    `${r.paid} paid`,
    `${r.failed} failed and refunded`,
    `${r.waiting} waiting for a second owner`,
    `${r.unchanged} already decided (unchanged)`,
    `${problems} with problems`,
  ].join(', ');
}

/** Each row of the file: what it does (or did) and why a row changed nothing. */
function RowsList({ r }: { r: PayoutResults }) {
  return (
    <ul className="payout-rows" aria-label={r.dryRun ? 'What the file would do' : 'What the file did'}>
      {r.rows.map((row) => (
        <li key={row.line} className={`payout-row ${row.outcome}`}>
          <span className="meta">Line {row.line}</span>{' '}
          {row.amount !== null ? (
            <strong>
              {money(row.amount)} for {playerText(row.player)}
            </strong>
          ) : (
            <strong>{row.reference || 'no reference'}</strong>
          )}{' '}
          → {OUTCOME_WORDS[row.outcome]}
          {row.utr && (row.outcome === 'paid' || row.outcome === 'waiting') ? `, UTR ${row.utr}` : ''}
          {row.reason ? <span className="payout-reason">{row.reason}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function PayoutBatch({ onDone }: { onDone: (text: string) => void }) {
  const today = useMarketToday();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [checked, setChecked] = useState<PayoutResults | null>(null);
  const [applied, setApplied] = useState<PayoutResults | null>(null);
  const [busy, setBusy] = useState<'download' | 'check' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy('download');
    setError(null);
    try {
      const blob = await readFile('admin/payouts.csv', { status: 'pending' }, () => undefined);
      const name = `payouts-${today}.csv`;
      saveBlob(blob, name);
      const rows = (await blob.text()).trim().split('\n').length - 1;
      setSaved(`Saved ${name}: ${rows} withdrawal${rows === 1 ? '' : 's'} to pay`);
    } catch (e) {
      setError(messageOf(e, 'The batch could not be read. Please try again.'));
    } finally {
      setBusy(null);
    }
  };
  const choose = async (picked: File | undefined) => {
    setChecked(null);
    setApplied(null);
    setError(null);
    setFile(picked ? { name: picked.name, text: await picked.text() } : null);
  };
  const check = async () => {
    if (!file) return;
    setBusy('check');
    setError(null);
    try {
      setChecked(
        (await sendFile<PayoutResults>('admin/payouts/results', file.text, 'text/csv', { dryRun: 'true' }))
          .data,
      );
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };
  const apply = async () => {
    if (!file) return;
    setError(null);
    try {
      const done = (await sendFile<PayoutResults>('admin/payouts/results', file.text, 'text/csv')).data;
      setApplied(done);
      setChecked(null);
      onDone(`Bank answer applied: ${countsText(done)}`);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const changes = checked ? checked.paid + checked.failed + checked.waiting : 0;
  return (
    <section className="card payout-batch" aria-label="Pay by bank batch">
      <h2>Pay by bank batch</h2>
      <p className="meta">
        1. Download the withdrawals waiting and upload the file to your bank's bulk payment. 2. When the bank
        answers, map its file to the columns reference, status (paid or failed) and utr, and bring it back
        here: check it first, then apply it.
      </p>
      <div className="decide">
        <button type="button" disabled={busy !== null} onClick={() => void download()}>
          {busy === 'download' ? 'Reading…' : 'Download the batch (CSV)'}
        </button>
      </div>
      <Notice text={saved} />
      <Field label="The bank's answer (CSV)">
        <input type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} />
      </Field>
      {file ? (
        <div className="decide">
          <button type="button" disabled={busy !== null} onClick={() => void check()}>
            {busy === 'check' ? 'Checking…' : `Check ${file.name}`}
          </button>
        </div>
      ) : null}
      <ErrorLine text={error} />
      {checked ? (
        <section className="payout-result" aria-label="Dry run">
          <h3>Dry run: nothing changed yet</h3>
          <p>If applied: {countsText(checked)}.</p>
          <RowsList r={checked} />
          <div className="decide">
            <ConfirmButton
              label="Apply the bank's answer"
              disabled={changes === 0}
              question={`Apply ${file?.name}? ${countText(checked.paid, 'withdrawal')} ${plural(checked.paid, 'becomes', 'become')} paid with ${plural(checked.paid, 'its', 'their')} UTR, ${countText(checked.failed, 'failed one')} ${plural(checked.failed, 'is', 'are')} refunded to the players' wallets, ${checked.waiting} ${plural(checked.waiting, 'waits', 'wait')} for a second owner. Players are told at once.`}
              yes="Apply"
              onConfirm={apply}
            />
            {changes === 0 ? <span className="meta">Nothing in this file changes anything.</span> : null}
          </div>
        </section>
      ) : null}
      {applied ? (
        <section className="payout-result" aria-label="Applied">
          <h3>Applied</h3>
          <p>{countsText(applied)}.</p>
          <RowsList r={applied} />
        </section>
      ) : null}
    </section>
  );
}
