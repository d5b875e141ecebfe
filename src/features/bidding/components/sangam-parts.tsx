import { ALL_PANNAS } from '../../../domain/pannas';
import { tBidding as t } from '../../../i18n/en/bidding';
import { type BidEntry, entryKey } from '../bid-entry';

export const PANNA_LIST_ID = 'bid-panna-list';

/** Suggestions for the panna fields: every canonical panna, so typing '12' offers 120, 123, ... */
export function PannaDatalist() {
  return (
    <datalist id={PANNA_LIST_ID}>
      {ALL_PANNAS.map((p) => (
        <option key={p} value={p} />
      ))}
    </datalist>
  );
}

type ListProps = { entries: readonly BidEntry[]; onRemove: (key: string) => void };

/** The sangam bids added so far, each removable before the dialog. */
export function AddedBids({ entries, onRemove }: ListProps) {
  if (entries.length === 0) return null;
  return (
    <ul className="bid-added">
      {entries.map((e) => {
        const key = entryKey(e);
        const text =
          e.kind === 'full-sangam'
            ? `${e.openPanna} - ${e.closePanna}`
            : e.kind === 'half-sangam'
              ? `${e.session}: ${e.digit} - ${e.panna}`
              : e.number;
        return (
          <li key={key}>
            <span>{text}</span>
            <span>{e.amount}</span>
            <button
              type="button"
              className="bid-delete"
              aria-label={t('remove', { text })}
              onClick={() => onRemove(key)}
            >
              ✕
            </button>
          </li>
        );
      })}
    </ul>
  );
}
