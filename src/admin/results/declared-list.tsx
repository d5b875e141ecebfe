import { useState } from 'react';
import { galiResultDisplay, mainResultDisplay, starlineResultDisplay } from '../../domain/results';
import { messageOf, send } from '../api';
import { provenanceText } from '../feeds/feed-words';
import type { Family } from '../market';
import { useRead } from '../read';
import type { GaliResult, MainResult, RevertAnswer, StarlineResult } from '../types';
import { ConfirmButton } from '../ui/confirm';
import { ErrorLine, Notice, Status } from '../ui/status';
import { Table } from '../ui/table';
import { countText, dayText, money } from '../words';

const RESULT_READS: Record<Family, string> = {
  main: 'admin/all-result',
  starline: 'admin/all-starline-result',
  galidisawar: 'admin/all-gali-result',
};

/** A declared result of any family: the fields of the other families are simply absent. */
type Declared = Pick<MainResult, '_id' | 'gameName'> &
  Partial<Pick<MainResult, 'openPanna' | 'closePanna' | 'declaredBy' | 'sources'>> &
  Partial<Pick<StarlineResult, 'panna' | 'digit'>> &
  Partial<Pick<GaliResult, 'jodiDigit'>>;

/** The result as the player app shows it (src/domain/results.ts). */
function resultText(family: Family, r: Declared): string {
  if (family === 'galidisawar') return galiResultDisplay(r.jodiDigit).text;
  if (family === 'starline') return starlineResultDisplay(r.panna).text;
  return mainResultDisplay({ openPanna: r.openPanna?.panna, closePanna: r.closePanna?.panna }).text;
}

/** The day's declared results of a family, each with Revert (a reason is required, and logged). */
/** A list of one family's market day on the Results screen, read again when refreshKey changes. */
export interface DayListProps {
  family: Family;
  date: string;
  refreshKey: string;
}

export function DeclaredList({ family, date, refreshKey }: DayListProps) {
  const list = useRead<Declared[]>(RESULT_READS[family], { date, limit: '100' }, refreshKey);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revert = async (r: Declared) => {
    const reason = reasons[r._id]?.trim();
    setError(null);
    try {
      const out = await send<RevertAnswer>('delete', `admin/results/${family}/${r._id}`, { reason });
      setNote(
        `Result reverted: ${countText(out.data.reverted.bids, 'bid')} back to pending, ${money(out.data.reverted.totalWinAmount)} taken back`,
      );
      void list.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <div>
      <h2>Declared on {dayText(date)}</h2>
      <Notice text={note} />
      <ErrorLine text={error} />
      <Status loading={list.loading} error={list.error} />
      <Table<Declared>
        label="Declared results"
        stack
        rows={list.data}
        rowKey={(r) => r._id}
        empty={`No results declared on ${dayText(date)} yet.`}
        columns={[
          { title: 'Market', role: 'title', cell: (r) => r.gameName },
          {
            title: 'Result',
            cell: (r) => (
              <>
                {resultText(family, r)}
                <span className="provenance">
                  {provenanceText(family === 'main' ? [r.openPanna, r.closePanna] : [r])}
                </span>
              </>
            ),
          },
          {
            title: 'Revert',
            role: 'decide',
            cell: (r) => (
              <>
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
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
