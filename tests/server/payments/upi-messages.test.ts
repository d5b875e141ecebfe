/**
 * The bank-message parser (server/services/payments/upi-messages.ts) against the shapes real Indian
 * banks and UPI apps send: every credit reads its amount to the paisa and its UPI reference, and
 * every message that is not money received is ignored with the reason, so it can never credit.
 * Names, accounts and references are made up; the wording, order, punctuation and the numbers
 * around the amount (balances, dates, phone numbers, masked accounts) are those of the real ones.
 */
import { describe, expect, it } from 'vitest';
import { isReference, parseBankMessage, toPaise } from '../../../server/services/payments/upi-messages';

type Credit = [source: string, from: string | null, text: string, paise: number, utr: string | null];

const BANK_CREDITS: Credit[] = [
  [
    'SBI (UPI user)',
    'VM-SBIUPI',
    'Dear UPI user A/C X1234 credited by Rs500.37 on date 12Jan24 trf from RAHUL KUMAR Refno 401234567890. If not u? call 1800111109. -SBI',
    50037,
    '401234567890',
  ],
  [
    'SBI (bare amount)',
    'AD-SBIUPI',
    'Dear SBI User, your A/c X1234-credited by 500.37 on 12Jan24 transfer from RAHUL KUMAR Ref No 401234567891 -SBI',
    50037,
    '401234567891',
  ],
  [
    'HDFC Bank',
    'AD-HDFCBK',
    'Rs. 500.37 credited to HDFC Bank A/c XX1234 on 12-01-24 from VPA rahul.k@okicici (UPI 401234567892)',
    50037,
    '401234567892',
  ],
  [
    'HDFC Bank (Money Received)',
    'VK-HDFCBK',
    'Money Received - INR 1,000.37 in HDFC Bank A/c xx1234 on 12-01-24 from VPA 9876543210@ybl (UPI Ref No 401234567893) Avl bal:INR 25,310.12',
    100037,
    '401234567893',
  ],
  [
    'ICICI Bank',
    'JM-ICICIB',
    'Dear Customer, Acct XX123 is credited with Rs 500.37 on 12-Jan-24 from RAHUL KUMAR. UPI:401234567894-ICICI Bank.',
    50037,
    '401234567894',
  ],
  [
    'Axis Bank',
    'AX-AXISBK',
    'INR 500.37 credited to A/c no. XX1234 on 12-01-24 at 10:15:20 IST. Info- UPI/P2A/401234567895/RAHUL KUMAR/Axis Bank - Axis Bank',
    50037,
    '401234567895',
  ],
  [
    'Kotak Mahindra Bank',
    'BP-KOTAKB',
    'Received Rs.500.37 in your Kotak Bank A/c X1234 from rahul@okaxis on 12-01-24.UPI Ref:401234567896.',
    50037,
    '401234567896',
  ],
  [
    'Punjab National Bank',
    'VM-PNBSMS',
    'Your A/c XX1234 is credited for Rs.500.37 on 12-01-2024 10:15:20 through UPI. Avl Bal Rs.10500.37(incl. of chq in clg) UPI Ref No 401234567897 -PNB',
    50037,
    '401234567897',
  ],
  [
    'Bank of Baroda',
    'BW-BOBTXN',
    'Rs.500.37 Credited to A/c ...1234 thru UPI/401234567898 by rahul@okaxis. Total Bal:Rs.10500.37CR. Avlbl Amt:Rs.10500.37(12-01-2024 10:15:20) - Bank of Baroda',
    50037,
    '401234567898',
  ],
  [
    'Canara Bank',
    'VM-CANBNK',
    'An amount of INR 500.37 has been CREDITED to your account XXX1234 on 12/01/2024 towards UPI (Ref No 401234567899). Total Avail.Bal INR 10,500.37. - Canara Bank',
    50037,
    '401234567899',
  ],
  [
    'Union Bank of India',
    'AD-UNIONB',
    'A/c *1234 Credited for Rs:500.37 on 12-01-2024 10:15:20 by Mob Bank ref no 401234567800 Avl Bal Rs:10500.37.Never Share OTP/PIN/CVV-Union Bank of India',
    50037,
    '401234567800',
  ],
  [
    'IDFC FIRST Bank',
    'AX-IDFCFB',
    'Your A/C XXXXXXX1234 has been credited with INR 500.37 on 12/01/2024 10:15 from rahul@okaxis. UPI Ref No. 401234567801. New bal: INR 10,500.37 - IDFC FIRST Bank',
    50037,
    '401234567801',
  ],
  [
    'Yes Bank',
    'VM-YESBNK',
    'INR 500.37 credited to your A/c XX1234 on 12-01-2024 by UPI (Ref No 401234567802) from RAHUL. Avl Bal: INR 10,500.37 - YES BANK',
    50037,
    '401234567802',
  ],
  [
    'IndusInd Bank',
    'JD-INDUSB',
    'Your A/C 2XXXXX1234 has been credited with INR 500.37 towards UPI/401234567803/RAHUL KUMAR/rahul@okaxis. Avl Bal: INR 10,500.37 - IndusInd Bank',
    50037,
    '401234567803',
  ],
  [
    'Bank of India',
    'AD-BOIIND',
    'Rs.500.37 Credited to your Ac XX1234 on 12-01-24 by UPI ref No.401234567804.Avl Bal 10500.37 -Bank of India',
    50037,
    '401234567804',
  ],
  [
    'Federal Bank',
    'VM-FEDBNK',
    'Rs 500.37 credited to your A/c XX1234 via UPI from rahul@okaxis on 12-01-2024 10:15:20. UPI Ref no 401234567805 - Federal Bank',
    50037,
    '401234567805',
  ],
  [
    'Paytm Payments Bank',
    'AD-PAYTMB',
    'Rs.500.37 received from RAHUL KUMAR in your Paytm Payments Bank a/c. UPI Ref: 401234567806',
    50037,
    '401234567806',
  ],
  [
    'AU Small Finance Bank (₹ and RRN)',
    'VM-AUBANK',
    'Dear Customer, ₹ 2,500.05 credited to your AU Bank A/c XX1234 on 12-JAN-2024 via UPI from rahul@oksbi. RRN 401234567807. Bal ₹ 12,500.05',
    250005,
    '401234567807',
  ],
  [
    'Indian Bank (UTR:)',
    'AD-INDBNK',
    'A/c XX1234 credited INR 500.37 Dt 12-01-24 10:15:20 thru UPI UTR: 401234567808. Bal INR 10,500.37 -Indian Bank',
    50037,
    '401234567808',
  ],
];

const APP_CREDITS: Credit[] = [
  ['PhonePe', 'PhonePe', '₹500.37 received from Rahul Kumar', 50037, null],
  ['PhonePe Business', 'com.phonepe.app.business', 'Received ₹1,500.37 from RAHUL KUMAR', 150037, null],
  ['Google Pay', 'Google Pay', 'Rahul Kumar paid you ₹500.37', 50037, null],
  [
    'Google Pay for Business',
    'com.google.android.apps.nbu.paisa.merchant',
    'You received ₹500.37 from Rahul Kumar. UPI transaction ID: 401234567809',
    50037,
    '401234567809',
  ],
  [
    'Paytm',
    'Paytm',
    'Received ₹500.37 from Rahul Kumar on your Paytm UPI. UPI Ref No: 401234567810',
    50037,
    '401234567810',
  ],
  [
    'BHIM',
    'BHIM',
    'You have received Rs 500.37 from rahul@upi. UPI Ref No: 401234567811',
    50037,
    '401234567811',
  ],
  ['Amazon Pay', 'Amazon', 'Rahul Kumar sent you ₹500.37 via Amazon Pay UPI', 50037, null],
];

describe('credits from banks and UPI apps', () => {
  it('covers at least ten banks and three UPI apps', () => {
    expect(new Set(BANK_CREDITS.map(([s]) => s.split(' (')[0])).size).toBeGreaterThanOrEqual(10);
    expect(new Set(APP_CREDITS.map(([s]) => s.split(' ')[0])).size).toBeGreaterThanOrEqual(3);
  });

  it.each([...BANK_CREDITS, ...APP_CREDITS])('%s', (_source, from, text, paise, utr) => {
    const read = parseBankMessage(text, from);
    expect(read).toMatchObject({ kind: 'credit', amountPaise: paise, utr, upi: true });
  });
});

type NotCredit = [kind: string, from: string | null, text: string, reason: string];

const NOT_CREDITS: NotCredit[] = [
  // Debits: money leaving the payee's account.
  [
    'SBI debit',
    'VM-SBIUPI',
    'Dear UPI user A/C X1234 debited by 200.0 on date 12Jan24 trf to SHOP Refno 401234567812. If not u? call 1800111109. -SBI',
    'debit',
  ],
  [
    'HDFC debit (Sent)',
    'AD-HDFCBK',
    'Sent Rs.200.00 From HDFC Bank A/C *1234 To SHOP On 12/01/24 Ref 401234567813 Not You? Call 18002586161/SMS BLOCK UPI to 7308080808',
    'debit',
  ],
  [
    'ICICI debit naming the other side credited',
    'JM-ICICIB',
    'ICICI Bank Acct XX123 debited for Rs 200.00 on 12-Jan-24; SHOP credited. UPI:401234567814. Call 18002662 for dispute. SMS BLOCK 123 to 9215676766.',
    'debit',
  ],
  [
    'Axis debit',
    'AX-AXISBK',
    'INR 200.00 debited A/c no. XX1234 12-01-24 10:15:20 UPI/P2M/401234567815/SHOP Not you? SMS BLOCKUPI Cust ID to 919951860002 Axis Bank',
    'debit',
  ],
  [
    'Kotak debit',
    'BP-KOTAKB',
    'Sent Rs.200.00 from Kotak Bank AC X1234 to shop@ybl on 12-01-24.UPI Ref 401234567816. Not you, https://kotak.com/KBANKT/Fraud',
    'debit',
  ],
  [
    'Canara debit',
    'VM-CANBNK',
    'An amount of INR 200.00 has been DEBITED to your account XXX1234 on 12/01/2024. Total Avail.bal INR 10,300.37. - Canara Bank',
    'debit',
  ],
  ['PhonePe payment made', 'PhonePe', 'Paid ₹500.37 to Rahul Kumar', 'debit'],
  ['Google Pay payment made', 'Google Pay', 'You paid ₹500.37 to Rahul Kumar', 'debit'],
  ['Payment of ... to', 'Paytm', 'Payment of Rs 500.37 to SHOP successful. UPI Ref: 401234567817', 'debit'],
  [
    'ATM withdrawal',
    'AD-SBIINB',
    'Rs 2000 withdrawn at SBI ATM S1AW000123 from A/c X1234 on 12Jan24. Avl Bal Rs 8500.37',
    'debit',
  ],
  // One-time passwords, even those naming an amount.
  [
    'OTP for a UPI payment',
    'AD-HDFCBK',
    '482910 is your OTP for UPI transaction of Rs 500.37 to shop@ybl. Do not share it with anyone. -HDFC Bank',
    'otp',
  ],
  [
    'OTP to register UPI',
    'VM-SBIUPI',
    'Dear Customer, OTP to register for UPI is 748201. Never share OTP with anyone -SBI',
    'otp',
  ],
  [
    'OTP after the amount',
    'JM-ICICIB',
    'Rs 500.37 will be credited after verification. Your one time password is 1930',
    'otp',
  ],
  // Collect requests: the payee is asked to pay.
  [
    'Google Pay collect request',
    'Google Pay',
    'RAHUL has requested money from you on Google Pay. On approving the request, INR 500.37 will be debited from your A/c',
    'collect-request',
  ],
  [
    'PhonePe payment request ("received")',
    'PhonePe',
    'You have received a payment request of ₹500.37 from RAHUL KUMAR on PhonePe',
    'collect-request',
  ],
  [
    'bank collect request',
    'AD-BOBTXN',
    'Collect request of Rs.500.37 from rahul@okaxis is pending. Approve in BHIM',
    'collect-request',
  ],
  // Mandates and autopay.
  [
    'UPI AutoPay mandate',
    'AD-HDFCBK',
    'UPI AutoPay mandate of Rs 149.00 for Netflix created on your HDFC Bank A/c XX1234. UMN 401234567818@ybl',
    'mandate',
  ],
  [
    'e-mandate executed',
    'VM-ICICIB',
    'Rs 499 debited from A/c XX123 towards e-mandate of ZEE5 on 12-Jan-24',
    'mandate',
  ],
  // Failed transactions and reversals, even with "credited".
  [
    'failed UPI credit',
    'AD-SBIUPI',
    'Your UPI transaction of Rs 500.37 Ref 401234567819 has failed. Amount if debited will be credited back in 48 hours -SBI',
    'failed',
  ],
  [
    'reversal credited',
    'VM-PNBSMS',
    'Rs 500.37 credited to A/c XX1234 on 12-01-24 as reversal of failed UPI txn 401234567820 -PNB',
    'failed',
  ],
  [
    'declined',
    'AX-AXISBK',
    'UPI payment of INR 500.37 to rahul@okaxis declined: incorrect UPI PIN',
    'failed',
  ],
  // Refunds (to others or to the payee), cashback and interest: not a player's deposit.
  [
    'refund sent to someone',
    'AD-HDFCBK',
    'Rs 500.37 refunded to rahul@okaxis for UPI txn 401234567821',
    'refund',
  ],
  [
    'refund received',
    'AD-AMAZON',
    'Refund of Rs 500.37 for your order has been credited to your A/c XX1234',
    'refund',
  ],
  ['cashback', 'Paytm', 'Cashback of ₹25 credited to your Paytm UPI Lite', 'refund'],
  ['interest', 'VM-SBIINB', 'Interest of Rs 312.50 credited to your SB A/c X1234 on 31-12-23 -SBI', 'refund'],
  // Card bills, loans, recharges.
  [
    'credit card payment received',
    'AD-ICICIB',
    'Payment of Rs 5,000.00 received towards your ICICI Bank Credit Card XX4321. Thank you',
    'bill-or-loan',
  ],
  ['EMI due', 'VM-BAJAJF', 'Your EMI of Rs 2,499 is due on 05-02-2024. Keep balance in A/c', 'bill-or-loan'],
  // Promotions.
  ['cashback offer', 'AD-PHONPE', 'Get cashback up to Rs 500 on your next UPI payment! T&C apply', 'refund'],
  [
    'pre-approved loan',
    'VM-HDFCBK',
    'Congratulations! A pre-approved personal loan of Rs 5,00,000 is ready for you',
    'promotion',
  ],
  ['contest', 'AD-LOTTRY', 'You have won Rs 25,00,000 in the lucky draw. Click here to claim', 'promotion'],
  // Balance alerts and other notices.
  ['balance alert', 'AD-SBIINB', 'Avl Bal in A/c XX1234 is Rs 10,500.37 as on 12-01-24 -SBI', 'balance'],
  [
    'KYC notice',
    'VM-HDFCBK',
    'Dear Customer, your KYC is due for update. Please visit your branch.',
    'not-payment',
  ],
  ['empty', null, '   ', 'not-payment'],
];

describe('messages that are not money received never credit', () => {
  it('covers at least eight kinds', () => {
    expect(new Set(NOT_CREDITS.map(([, , , r]) => r)).size).toBeGreaterThanOrEqual(8);
  });

  it.each(NOT_CREDITS)('%s', (_kind, from, text, reason) => {
    const read = parseBankMessage(text, from);
    expect(read.kind).toBe('ignored');
    expect(read.kind === 'ignored' && read.reason).toBe(reason);
  });
});

describe('unknown shapes go to a person', () => {
  it.each([
    ['an amount with no direction', 'A/c XX1234: new entry of INR 500.37 on 12-01-24 UPI/401234567822'],
    ['UPI with no amount', 'Your UPI transaction 401234567823 is credited'],
    ['a credit without a readable amount', 'Your account was credited on 12-01-24 by UPI'],
  ])('%s is unclear, not a credit', (_label, text) => {
    expect(parseBankMessage(text).kind).toBe('unclear');
  });

  it('a NEFT credit is money received but not UPI (only an operator matches it)', () => {
    const read = parseBankMessage(
      'INR 500.37 credited to A/c XX1234 on 12-01-24 by NEFT from RAHUL KUMAR. Bal INR 10,500.37',
    );
    expect(read).toMatchObject({ kind: 'credit', amountPaise: 50037, upi: false });
  });
});

describe('details', () => {
  it('reads the amount formats: Rs.500.37, INR 1,000.37, ₹500.37, Rs500.37, Rs:500, lakhs', () => {
    const amount = (text: string) => {
      const read = parseBankMessage(text);
      return read.kind === 'credit' ? read.amountPaise : null;
    };
    expect(amount('Rs.500.37 credited to A/c XX1 via UPI')).toBe(50037);
    expect(amount('INR 1,000.37 credited to A/c XX1 via UPI')).toBe(100037);
    expect(amount('₹500.37 received via UPI')).toBe(50037);
    expect(amount('Rs500.37 credited to A/c XX1 via UPI')).toBe(50037);
    expect(amount('Rs:500 credited to A/c XX1 via UPI')).toBe(50000);
    expect(amount('Rs.500.5 credited to A/c XX1 via UPI')).toBe(50050);
    expect(amount('INR 1,00,000.00 credited to A/c XX1 via UPI')).toBe(10000000);
  });

  it('skips balances before the payment and does not take a phone number or account for the UTR', () => {
    const read = parseBankMessage(
      'Avl Bal Rs 9,999.00. Rs 500.37 credited to A/c 123456789012 via UPI. Call 918800001111',
    );
    expect(read).toMatchObject({ kind: 'credit', amountPaise: 50037, utr: null });
  });

  it('finds our order reference in the note', () => {
    const read = parseBankMessage('Received ₹500.37 from Rahul Kumar for MK7Q3P2X via UPI');
    expect(read).toMatchObject({ kind: 'credit', references: ['MK7Q3P2X'] });
    expect(parseBankMessage('Received ₹500.37 from MAHENDRA via UPI')).toMatchObject({ references: [] });
  });

  it('toPaise and isReference', () => {
    expect(toPaise('1,00,000.5')).toBe(10_000_050);
    expect(toPaise('0')).toBeNull();
    expect(toPaise('12345678901')).toBeNull();
    expect(isReference('MK7Q3P2X')).toBe(true);
    expect(isReference('MAHENDRA')).toBe(false);
    expect(isReference('MK7Q3P2I')).toBe(false);
  });
});
