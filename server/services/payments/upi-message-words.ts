/**
 * The words the bank-message rules look for (upi-messages.ts), in English and Hindi, each list a
 * plain alternation of fixed phrases (linear: see upi-message-text.ts). They run on the
 * normalised, lower-case text with every amount replaced by ¤ ("credited by ¤ to your a/c").
 * JavaScript's \b knows only ASCII letters, so Hindi words are bounded by `hi()` instead.
 */

const en = (alternatives: string) => `\\b(?:${alternatives})\\b`;
/** A Devanagari letter or sign (the danda । and ॥ end a sentence: they are not). */
const DEVANAGARI = '[\\u0900-\\u0963\\u0966-\\u097F]';
/** A Devanagari word or phrase that is not part of a longer word. */
const hi = (alternatives: string) => `(?<!${DEVANAGARI})(?:${alternatives})(?!${DEVANAGARI})`;
const either = (...parts: string[]) => new RegExp(parts.join('|'));

/**
 * Footers that sound like doubt but are only the bank's standing advice, removed before any word
 * is looked for: "If not u? call ...", "Not you? SMS BLOCK UPI to ...", "Never share OTP/PIN",
 * "यदि आपने नहीं किया है". Each is a whole fixed phrase, so no refusal can hide inside one.
 */
export const BOILERPLATE = new RegExp(
  [
    '\\bif not (?:you|u)\\b\\??',
    '\\bnot (?:you|u) ?[?,.!]',
    '\\bif (?:this |the )?(?:transaction |txn )?(?:was |is )?not (?:done|made|initiated|authori[sz]ed) by (?:you|u)\\b',
    "\\b(?:never|do not|don't|dont|pls don't|please do not|not to) (?:ever )?share (?:your |the |this |any )?(?:otp|pin|cvv|password|card details|upi pin)(?: ?\\/ ?(?:otp|pin|cvv|password)){0,4}",
    '\\bsms ?block[a-z]{0,10}',
    hi('यदि (?:यह )?(?:लेनदेन )?(?:आपने|आपके द्वारा) नहीं (?:किया|किया गया)(?: है)?'),
    hi('(?:किसी (?:के साथ|से) )?(?:ओटीपी |otp |पिन |pin )?(?:साझा|शेयर) न करें'),
  ].join('|'),
  'g',
);

/** The money did not arrive: failure, or a credit said not to have happened. Ignored: `failed`. */
export const FAILED = either(
  en(
    "failed|failure|fail|fails|declined|unsuccessful|rejected|cancelled|canceled|aborted|timed out|timeout|technical error|error|could not|couldn't|couldnt|cannot|can't|unable to|not (?:be |been )?(?:credited|received|processed|completed|successful|deposited|added|settled|paid)|never (?:credited|received|reached|arrived)|uncredited|unprocessed|non-?receipt",
  ),
  hi(
    'विफल|असफल|फेल|अस्वीकृत|अस्वीकार|रद्द|त्रुटि|नहीं (?:हो|हुआ|हुए|हुई|किया|किए|की|मिला|मिले|मिली|पाया|पाए|सका|सके|सकी)',
  ),
);

/** The money went back, or is going back. Ignored: `reversed`. */
export const REVERSED = either(
  en(
    'reversed|reversal|reverse|reversing|returned|return|returning|refunded to (?:the )?(?:remitter|sender|payer)|(?:debited|credited|paid|sent|transferred|refunded) back|chargeback|charge back|recalled|recall',
  ),
  hi('वापस|लौटा|लौटाए|लौटाया|लौटाई|रिवर्स|प्रेषक को'),
);

/** Not (yet) complete: pending, held, reviewed, disputed, blocked, in the future. Unmatched: `on-hold`. */
export const ON_HOLD = either(
  en(
    'pending|on hold|hold|held|holding|under review|review|reviewing|disputed|dispute|disputes|blocked|block|blocking|frozen|freeze|lien|awaiting|await|awaited|processing|in process|in progress|queued|scheduled|initiated|will be|shall be|would be|to be credited|being credited|yet to|suspense|verification|verify|investigation|suspicious|fraud|fraudulent|flagged|provisional|provisionally|temporarily|temporary|subject to approval',
  ),
  hi(
    'लंबित|होल्ड|रोक|रोका|रोकी|रोके|समीक्षा|विवाद|विवादित|ब्लॉक|अवरुद्ध|प्रक्रिया में|प्रक्रियाधीन|जांच|जाँच|संदिग्ध|जाएंगे|जायेंगे|जाएगा|जायेगा|होंगे|होगा',
  ),
);

/** Any other negation left in the text: the message may say the opposite of a credit. Unmatched: `negated`. */
export const NEGATED = either(
  en(
    "not|never|nor|neither|without|[a-z]{2,12}n't|didnt|doesnt|hasnt|havent|isnt|wasnt|werent|wouldnt|no (?:credit|money|amount|funds?|payment|transaction|deposit)",
  ),
  hi('नहीं|न|ना|मत'),
);

/**
 * Money someone else received: the payee's bank reporting money it sent, or a credit to another
 * account or UPI address. Unmatched: `other-account`.
 */
export const OTHER_ACCOUNT = either(
  en('beneficiary|benef|bene|payee|recipient'),
  '\\bcredited to (?:the )?(?:vpa |upi id |upi )?[a-z0-9][a-z0-9._-]{0,63}@',
  '\\b(?:a\\/c|ac|acct|account)(?: no\\.?)?(?: [x*.\\d]{1,20})? (?:of|belonging to)\\b',
  hi('लाभार्थी|प्राप्तकर्ता'),
  // "राहुल के खाते में": someone's account; the payee's own is "आपके खाते".
  ' के (?:बैंक )?(?:खाते|खाता)',
);

/** App wording of money coming to the reader, the amount right after ("Rahul paid you ₹500"), replaced by ⊕ (an own credit) before DEBIT reads "paid". */
export const TO_YOU = new RegExp(
  `\\b(?:paid|sent|transferred) you ¤|${hi('ने आपको ¤ (?:भेजे|भेजा|भेजी|ट्रांसफर किए)')}`,
  'g',
);

/** Money leaving the payee: debits, payments made, transfers out, withdrawals. Ignored: `debit`. */
export const DEBIT = either(
  en(
    'debited|debit|debiting|dr|sent|paid|spent|withdrawn|withdrawal|withdrew|transferred|transfer to|trf to|trfd to|deducted|deduction|purchase|purchased|charged|payment (?:of ¤ )?(?:made )?(?:to|towards|at)|received by (?!upi\\b|neft\\b|imps\\b|rtgs\\b)|from (?:your|ur) (?:a\\/c|ac|acct|account|bank)',
  ),
  hi('नामे|डेबिट|कटौती|कटे|काटे|निकासी|निकाले|खर्च|भेजे|भेजा|भेजी|आपने|भुगतान किया'),
);

/**
 * A credit into the payee's own account, completed: "¤ credited to HDFC Bank A/c XX1234",
 * "A/c X1234 credited by ¤", "Received ¤ in your Kotak Bank A/c", "¤ received from Rahul",
 * "आपके खाते XX1234 में ... ¤ जमा किए गए". Nothing less is a credit.
 */
export const OWN_CREDIT = either(
  '\\b(?:credited|deposited|received|added)(?: (?:with|by|for|of))?(?: ?[-:])?(?: ¤)?(?: ?[-:])? (?:to|in|into) (?:(?:your|ur) )?(?:(?:[a-z]{1,20} ){1,3}bank )?(?:(?:sb|savings|saving|current|salary) )?(?:a\\/c|ac|acct|account)\\b(?! of\\b)',
  '\\b(?:a\\/c|ac|acct|account)(?: (?:no|number)\\.?)?(?: ?[x*.#\\d]{1,20})?(?: ?-)? ?(?:is |has been |was |have been )?(?:credited|cr)\\b',
  '\\b(?:amount|amt) credited ?:? ?¤ (?:(?:to|in) )?(?:(?:your|ur) )?(?:a\\/c|ac|acct|account)\\b(?! of\\b)',
  '\\b(?:you (?:have )?)?received (?:a )?(?:payment of )?¤ (?:from|via|through|on)\\b',
  '¤ (?:has been |was )?received (?:from|via|through|on)\\b',
  '⊕',
  hi(
    '(?:आपके|आपका|आपकी)(?: [^ ]{1,20}){0,3}? (?:खाते|खाता)(?: [^ ]{1,20}){0,3} में(?: [^ ]{1,30}){0,8} (?:जमा|क्रेडिट)',
  ),
  hi('से (?:¤ )?(?:प्राप्त|मिले|मिला|मिली)'),
);

/** Any word about money coming in: without OWN_CREDIT, the message is unclear, not a credit. */
export const CREDIT_WORD = either(
  en('credited|credit|received|deposited|deposit|added|cr'),
  hi('जमा|क्रेडिट|प्राप्त|मिले|मिला'),
);

/** Another rail than UPI: only an operator matches those. */
export const OTHER_RAIL = either(
  en('neft|rtgs|imps|nach|ecs|cheque|chq dep|cash dep(?:osit)?|atm|cdm'),
  hi('एनईएफटी|आईएमपीएस|नकद|चेक'),
);
