import { useState } from 'react';
import { messageOf, sendFile } from '../api';
import type { StatementUpload } from '../types';
import { ErrorLine } from '../ui/status';
import { countText, dayText, money } from '../words';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The type the server reads a file by: its name decides (browsers call a CSV many things). */
const typeOf = (f: File) => (/\.xlsx$/i.test(f.name) ? XLSX : 'text/csv');

/** What one upload did, in a sentence or two. */
export function uploadSummary(s: StatementUpload): string {
  if (s.duplicate)
    return `This ${s.bank} statement (${dayText(s.from)} to ${dayText(s.to)}) was uploaded before: nothing changed.`;
  const lines = `${countText(s.rows, 'line')}: ${countText(s.credits, 'credit')} (${money(s.creditTotal)}), ${countText(s.debits, 'debit')} (${money(s.debitTotal)})`;
  const fresh = s.newRows === s.rows ? 'all new' : `${s.newRows} new, the rest seen in an earlier statement`;
  const found =
    s.opened === 0 && s.closed === 0
      ? 'Nothing new to look at.'
      : `${countText(s.opened, 'new exception')}${s.closed ? `, ${s.closed} closed by this statement` : ''}.`;
  return `${s.bank} statement, ${dayText(s.from)} to ${dayText(s.to)}. ${lines}; ${fresh}. ${found}`;
}

/** An owner picks the statement file (CSV or .xlsx, as net banking exports it) and uploads it. */
export function StatementUploadForm(props: { onUploaded: (s: StatementUpload) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async () => {
    if (!file) return setError('Choose the statement file first');
    setBusy(true);
    setError(null);
    try {
      const answer = await sendFile<StatementUpload>('admin/bank-statements', file, typeOf(file));
      props.onUploaded(answer.data);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card statement-upload">
      <label>
        Statement file (CSV or Excel .xlsx)
        <input
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <button type="button" disabled={busy} onClick={upload}>
        {busy ? 'Uploading…' : 'Upload statement'}
      </button>
      <ErrorLine text={error} />
    </div>
  );
}
