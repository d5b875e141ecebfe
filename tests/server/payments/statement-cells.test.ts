/**
 * Reading one cell of a bank statement (issue 44): the banks' date forms, amounts with Indian
 * grouping (and what is refused rather than guessed), the UPI reference in each bank's narration
 * or reference column, and the CSV reader.
 */
import { describe, expect, it } from 'vitest';
import {
  amountPaise,
  lineUtr,
  statementDate,
  UnreadableAmount,
} from '../../../server/services/bank-statements/cells';
import { csvRows } from '../../../server/services/bank-statements/csv';
import { recogniseHeader } from '../../../server/services/bank-statements/layouts';

describe('statement dates', () => {
  it.each([
    ['28/11/26', '2026-11-28'],
    ['28/11/2026', '2026-11-28'],
    ['28-11-2026', '2026-11-28'],
    ['28 Nov 2026', '2026-11-28'],
    ['1 Dec 2026', '2026-12-01'],
    ['01-Dec-2026', '2026-12-01'],
    [' 05/01/27 ', '2027-01-05'],
    ['28/11/2026 15:10:22', '2026-11-28'],
    [new Date(Date.UTC(2026, 10, 28)), '2026-11-28'],
  ])('%s is %s', (cell, day) => expect(statementDate(cell)).toBe(day));

  it.each([
    '31/02/2026',
    '13/13/26',
    'Opening Balance',
    '********',
    'Generated On: 28-Nov-2026 09:15:22',
    '1,00,000.00',
    '2026-11-28',
    '28 Foo 2026',
    '',
    null,
    45623,
  ])('%s is no date', (cell) => expect(statementDate(cell)).toBeNull());
});

describe('statement amounts', () => {
  it.each([
    ['1,00,000.45', 10_000_045],
    ['100,000.45', 10_000_045],
    ['1000.5', 100_050],
    ['500.37', 50_037],
    ['  2,000.11 ', 200_011],
    ['0', 0],
    ['0.00', 0],
    ['', 0],
    ['-', 0],
    [1000.52, 100_052],
    ['INR 250.00', 25_000],
  ])('%s is %i paise', (cell, paise) => expect(amountPaise(cell)).toBe(paise));

  it('reads a balance with Cr/Dr and a sign', () => {
    expect(amountPaise('1,01,000.52(Cr)', { signed: true })).toBe(10_100_052);
    expect(amountPaise('500.00 Dr', { signed: true })).toBe(-50_000);
    expect(amountPaise('-12.50', { signed: true })).toBe(-1250);
  });

  it.each(['504.119', '1,0,0.00', '12abc', '1.2.3', 'Rs five', '-5.00'])(
    'refuses %s rather than guess',
    (cell) => {
      expect(() => amountPaise(cell)).toThrow(UnreadableAmount);
    },
  );
  it('refuses a spreadsheet number with three decimals', () => {
    expect(() => amountPaise(504.119)).toThrow(UnreadableAmount);
  });
});

describe('the UPI reference (UTR) of a line', () => {
  it.each([
    ['UPI/433212345678/Payment from Ph/rahul@okaxis/Axis Bank', '', '433212345678'],
    [
      'BY TRANSFER-UPI/CR/433212345678/RAHUL KUMAR/UTIB/rahul@okaxis/UPI--',
      'TRANSFER FROM 4897691162090',
      '433212345678',
    ],
    ['UPI/P2A/433212345678/RAHUL KUMAR/Axis Bank/', '', '433212345678'],
    [
      'UPI-RAHUL KUMAR-RAHUL@OKAXIS-UTIB0000123-433212345678-PAYMENT FROM PHONE',
      '0000433212345678',
      '433212345678',
    ],
    ['UPI/RAHUL KUMAR/rahul@okaxis/UPI Ref No 433212345678', 'UPI-433212345678', '433212345678'],
    ['Received via UPI Ref No: 433212345678 from 9876543210', '', '433212345678'],
    ['UPI/RAHUL KUMAR/rahul@okaxis/Payment/AXIS BANK/433212345678/AXI0c8b', '', '433212345678'],
    // Only the reference column has it (zero-padded as HDFC writes it).
    ['UPI-RAHUL-RAHUL@OKAXIS-PAYMENT', '0000433212345678', '433212345678'],
    ['UPI-RAHUL-RAHUL@OKAXIS-PAYMENT', 'UPI-433212345678', '433212345678'],
  ])('%s / %s -> %s', (narration, reference, utr) => expect(lineUtr(narration, reference)).toBe(utr));

  it.each([
    ['NEFT CR-HDFC0000001-MATKA SHOP OWNER-N331260012345', '0000000000000000'],
    ['BY TRANSFER-NEFT*HDFC0000001*N331260012345*OWNER--', 'TRANSFER FROM 3199916044307'],
    ['ATW-512345XXXXXX1234-S1AW0123-MUMBAI', ''],
    // Two different 12-digit numbers and no pattern naming one: no guess.
    ['UPI/RAHUL/433212345678/ACCT 123456789012', ''],
  ])('%s has none', (narration, reference) => expect(lineUtr(narration, reference)).toBeNull());
});

describe('the header row', () => {
  it('recognises each bank, cells with spaces and case as the banks vary them', () => {
    expect(
      recogniseHeader([
        '  Date  ',
        'Narration',
        'Chq./Ref.No.',
        'Value Dt',
        'Withdrawal Amt.',
        'Deposit Amt.',
        'Closing Balance',
      ])?.bank,
    ).toBe('HDFC');
    expect(
      recogniseHeader([
        'Txn Date',
        'Value Date',
        'Description',
        'Ref No./Cheque No.',
        '   Debit',
        'Credit',
        'Balance',
      ])?.bank,
    ).toBe('SBI');
    expect(
      recogniseHeader([
        'S No.',
        'Value Date',
        'Transaction Date',
        'Cheque Number',
        'Transaction Remarks',
        'Withdrawal Amount (INR )',
        'Deposit Amount(INR)',
        'Balance (INR )',
      ])?.bank,
    ).toBe('ICICI');
    expect(recogniseHeader(['Tran Date', 'CHQNO', 'PARTICULARS', 'DR', 'CR', 'BAL', 'SOL'])?.bank).toBe(
      'Axis',
    );
    expect(
      recogniseHeader([
        'Sl. No.',
        'Transaction Date',
        'Value Date',
        'Description',
        'Chq / Ref No.',
        'Debit',
        'Credit',
        'Balance',
      ])?.bank,
    ).toBe('Kotak');
    expect(recogniseHeader(['Date', 'Description', 'Amount'])).toBeNull();
  });
});

describe('the CSV reader', () => {
  it('reads quotes, doubled quotes, commas and line breaks in quotes, CRLF and a BOM', () => {
    expect(csvRows('\uFEFFa,"b, ""c"""\r\n"x\ny",2\r\n')).toEqual([
      ['a', 'b, "c"'],
      ['x\ny', '2'],
    ]);
  });
  it('reads a tab-separated export', () => {
    expect(csvRows('Date\tNarration\n28/11/26\tUPI')).toEqual([
      ['Date', 'Narration'],
      ['28/11/26', 'UPI'],
    ]);
  });
});
