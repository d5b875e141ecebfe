// The worst texts found for the bank-message parser (issue 44): each at the size it reads (2,000
// characters; a longer one is refused before it is read), built to make a pattern scan a long run
// of letters, digits, amounts or phrases once per position if it could. The issue's own case (a
// 6 KB text of U+2177, which NFKC turns into "viii") is the first two. Shared by
// tests/server/payments/upi-messages-linear.test.ts and scripts/bench/upi-parse.mjs.

/** The parser's cap, as upi-message-text.ts MAX_MESSAGE_CHARS. */
export const MAX_CHARS = 2000;

/** `unit` repeated to exactly `n` characters. */
const fill = (unit, n = MAX_CHARS) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

/** [name, text] pairs, each at most MAX_CHARS characters (and under 8 KB of UTF-8). */
export function worstTexts() {
  return [
    ['U+2177 x 2000 (the issue: 6 KB, refused as too long)', fill('\u2177')],
    ['U+2177 x 1000 (NFKC: 4,000 letters, the most read)', fill('\u2177', 1000)],
    ['U+FDFA x 222 (NFKC: 18 characters each)', fill('\uFDFA', 222)],
    ['one run of letters', fill('a')],
    ['letters then @', `${fill('a', MAX_CHARS - 1)}@`],
    ['letters, @, letters', `${fill('x', 1000)}@${fill('x', 999)}`],
    ['a@ repeated', fill('a@')],
    ['a. repeated', fill('a.')],
    ['one run of digits', fill('1')],
    ['1, repeated', fill('1,')],
    ['12.34. repeated', fill('12.34.')],
    ['0- repeated', fill('0-')],
    ['Rs amounts', fill('rs1 ')],
    ['₹ amounts with decimals', fill('₹1.1')],
    ['balance labels and amounts', fill('avl bal rs 1 ')],
    ['bare "credited by" amounts', fill('credited by 1 ')],
    ['"a/c x1 credited"', fill('a/c x1 credited ')],
    ['"credited to your hdfc bank"', fill('credited to your hdfc bank ')],
    ['"received ₹1 from"', fill('received ₹1 from ')],
    ['Hindi "आपके खाते में"', fill('आपके खाते में ')],
    ['Hindi "आपके कोटक बैंक खाते x में को"', fill('आपके कोटक बैंक खाते x में को ')],
    ['"otp 1234"', fill('otp 1234 ')],
    ['"not you?" footers', fill('not you? ')],
    ['"never share otp/pin/cvv"', fill('never share otp/pin/cvv/')],
    ['12-digit numbers', fill('123456789012 ')],
    ['"ref no" labels', fill('ref no ')],
    ['"upi ref no 123456789012"', fill('upi ref no 123456789012 ')],
    ['order references', fill('MK7Q3P2X ')],
    [
      'spaces then a credit',
      `${fill(' ', MAX_CHARS - 60)}Rs 500.37 credited to your A/c XX1234 (UPI 401234567890)`,
    ],
    ['a credit padded with words', fill('Rs 500.37 credited to HDFC Bank A/c XX1234 from VPA rahul@okaxis ')],
  ];
}
