import { type Cell, cellText } from './cells';

// The statement layouts of the banks' net banking exports (docs/api.md "Bank statements"), by the
// column names each bank writes in its header row. A bank is recognised when a row holds every
// one of its names (compared without spaces or case: banks pad cells and vary "(INR )").

export type Bank = 'HDFC' | 'SBI' | 'ICICI' | 'Axis' | 'Kotak';

/** What the reconciliation reads of a line, by its column. */
export type Role = 'date' | 'narration' | 'reference' | 'debit' | 'credit' | 'balance';

export interface Layout {
  bank: Bank;
  /** The header row's names, every one required. */
  header: readonly string[];
  /** Which of those names holds each value. */
  roles: Record<Role, string>;
}

export const LAYOUTS: readonly Layout[] = [
  {
    bank: 'HDFC',
    header: [
      'Date',
      'Narration',
      'Chq./Ref.No.',
      'Value Dt',
      'Withdrawal Amt.',
      'Deposit Amt.',
      'Closing Balance',
    ],
    roles: {
      date: 'Date',
      narration: 'Narration',
      reference: 'Chq./Ref.No.',
      debit: 'Withdrawal Amt.',
      credit: 'Deposit Amt.',
      balance: 'Closing Balance',
    },
  },
  {
    bank: 'SBI',
    header: ['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Debit', 'Credit', 'Balance'],
    roles: {
      date: 'Txn Date',
      narration: 'Description',
      reference: 'Ref No./Cheque No.',
      debit: 'Debit',
      credit: 'Credit',
      balance: 'Balance',
    },
  },
  {
    bank: 'ICICI',
    header: [
      'S No.',
      'Value Date',
      'Transaction Date',
      'Cheque Number',
      'Transaction Remarks',
      'Withdrawal Amount (INR )',
      'Deposit Amount (INR )',
      'Balance (INR )',
    ],
    roles: {
      date: 'Transaction Date',
      narration: 'Transaction Remarks',
      reference: 'Cheque Number',
      debit: 'Withdrawal Amount (INR )',
      credit: 'Deposit Amount (INR )',
      balance: 'Balance (INR )',
    },
  },
  {
    bank: 'Axis',
    header: ['Tran Date', 'CHQNO', 'PARTICULARS', 'DR', 'CR', 'BAL', 'SOL'],
    roles: {
      date: 'Tran Date',
      narration: 'PARTICULARS',
      reference: 'CHQNO',
      debit: 'DR',
      credit: 'CR',
      balance: 'BAL',
    },
  },
  {
    bank: 'Kotak',
    header: [
      'Sl. No.',
      'Transaction Date',
      'Value Date',
      'Description',
      'Chq / Ref No.',
      'Debit',
      'Credit',
      'Balance',
    ],
    roles: {
      date: 'Transaction Date',
      narration: 'Description',
      reference: 'Chq / Ref No.',
      debit: 'Debit',
      credit: 'Credit',
      balance: 'Balance',
    },
  },
];

const squeeze = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** A layout found in a header row: the bank and the column index of each value. */
export interface FoundLayout {
  bank: Bank;
  columns: Record<Role, number>;
}

/**
 * The layout whose every column name is in this row, with where each value is; null when the row
 * is no bank's header.
 * @example recogniseHeader(['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'])?.bank // 'HDFC'
 */
export function recogniseHeader(row: readonly Cell[]): FoundLayout | null {
  const names = row.map((c) => squeeze(cellText(c)));
  for (const layout of LAYOUTS) {
    if (!layout.header.every((h) => names.includes(squeeze(h)))) continue;
    const columns = Object.fromEntries(
      Object.entries(layout.roles).map(([role, name]) => [role, names.indexOf(squeeze(name))]),
    ) as Record<Role, number>;
    return { bank: layout.bank, columns };
  }
  return null;
}
