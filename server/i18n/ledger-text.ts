import { WITHDRAWAL_METHODS, type WithdrawalMethodName } from '../../src/contracts/withdrawals';
import { BET_TYPES } from '../../src/domain/bet-types';
import type { GameType } from '../../src/domain/types';
import { games as hiGames } from '../../src/i18n/hi/games';
import { money as hiMoney } from '../../src/i18n/hi/money';
import { LANGUAGE_TAGS, type Lang } from '../../src/i18n/languages';
import { games as mrGames } from '../../src/i18n/mr/games';
import { money as mrMoney } from '../../src/i18n/mr/money';

/**
 * The wallet lines the server writes (ledger `description`), as one table of templates per ledger
 * kind. A row keeps its English line (operators, exports and the audit read it as written); the
 * player's list renders it again at read time in the request's language from the row's kind and
 * the values the template held (`render`), so a line written before a language existed, or before
 * this table, reads in the player's language too. Amounts, order ids and masked numbers stay
 * digits; market names are the operator's and stay as named.
 *
 * The writers build their English through `ledgerText` below, so the line written and the line
 * read back are the same template; the bid statement (`matka_place_bids`) and the settlement's
 * SQL get their English from here too (server/services/bids/place.ts, settlement/settle.ts).
 */

type Values = Record<string, string>;
type Words = Record<Lang, (v: Values) => string>;

interface Template {
  kind: string;
  /** The English line, anchored; named groups are the values. Greedy groups come first. */
  re: RegExp;
  words: Words;
}

const METHOD_WORDS: Record<Lang, Record<WithdrawalMethodName, string>> = {
  // English as src/i18n/en/money.ts names them (that file needs the browser's translator).
  en: { phonepe: 'PhonePe', gpay: 'Google Pay', paytm: 'Paytm', bank: 'Bank Transfer' },
  hi: { phonepe: hiMoney.phonepe, gpay: hiMoney.gpay, paytm: hiMoney.paytm, bank: hiMoney.bank },
  mr: { phonepe: mrMoney.phonepe, gpay: mrMoney.gpay, paytm: mrMoney.paytm, bank: mrMoney.bank },
};
const GAME_WORDS: Record<Exclude<Lang, 'en'>, Record<string, string>> = { hi: hiGames, mr: mrGames };

/** A bet type's English title (as the settlement writes it) back to its gameType. */
const TYPE_OF_TITLE = new Map<string, GameType>(
  Object.entries(BET_TYPES).map(([type, spec]) => [spec.title, type as GameType]),
);

function methodWord(method: string, lang: Lang): string {
  return (WITHDRAWAL_METHODS as readonly string[]).includes(method)
    ? METHOD_WORDS[lang][method as WithdrawalMethodName]
    : method;
}

function titleWord(title: string, lang: Exclude<Lang, 'en'>): string {
  const type = TYPE_OF_TITLE.get(title);
  return type ? (GAME_WORDS[lang][type] ?? title) : title;
}

/** A market day ('2026-11-22') with the language's month name, digits 0-9. */
function dayWord(day: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], {
    timeZone: 'UTC',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    numberingSystem: 'latn',
  }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

const fixed = (en: string, hi: string, mr: string): Words => ({ en: () => en, hi: () => hi, mr: () => mr });

const TEMPLATES: readonly Template[] = [
  {
    kind: 'fund',
    re: /^Funds added \(order (?<order>[A-Za-z0-9_-]+)\)$/,
    words: {
      en: (v) => `Funds added (order ${v.order})`,
      hi: (v) => `फंड जुड़ा (ऑर्डर ${v.order})`,
      mr: (v) => `फंड जमा झाला (ऑर्डर ${v.order})`,
    },
  },
  { kind: 'fund', re: /^Funds added$/, words: fixed('Funds added', 'फंड जुड़ा', 'फंड जमा झाला') },
  {
    kind: 'bid',
    re: /^Bid placed: (?<names>.+) \((?<n>\d+) bids?\)$/,
    words: {
      en: (v) => `Bid placed: ${v.names} (${v.n} ${v.n === '1' ? 'bid' : 'bids'})`,
      hi: (v) => `बोली लगी: ${v.names} (${v.n} ${v.n === '1' ? 'बोली' : 'बोलियाँ'})`,
      mr: (v) => `बोली लावली: ${v.names} (${v.n} बोली)`,
    },
  },
  {
    kind: 'win',
    re: /^Winning: (?<game>.+) \((?<title>[^()]+)\)$/,
    words: {
      en: (v) => `Winning: ${v.game} (${v.title})`,
      hi: (v) => `जीत: ${v.game} (${titleWord(v.title ?? '', 'hi')})`,
      mr: (v) => `जिंकले: ${v.game} (${titleWord(v.title ?? '', 'mr')})`,
    },
  },
  {
    kind: 'win-reversal',
    re: /^Result reverted: (?<game>.+)$/,
    words: {
      en: (v) => `Result reverted: ${v.game}`,
      hi: (v) => `रिज़ल्ट वापस लिया गया: ${v.game}`,
      mr: (v) => `रिझल्ट मागे घेतला: ${v.game}`,
    },
  },
  {
    kind: 'withdrawal',
    re: /^Withdrawal to (?<method>[a-z]+)(?: (?<label>[*\d ]+))?$/,
    words: {
      en: (v) => `Withdrawal to ${methodWord(v.method ?? '', 'en')}${v.label ? ` ${v.label}` : ''}`,
      hi: (v) => `${methodWord(v.method ?? '', 'hi')}${v.label ? ` ${v.label}` : ''} पर निकासी`,
      mr: (v) => `${methodWord(v.method ?? '', 'mr')}${v.label ? ` ${v.label}` : ''} वर पैसे काढले`,
    },
  },
  {
    kind: 'withdrawal-refund',
    re: /^Withdrawal rejected: amount refunded$/,
    words: fixed('Withdrawal rejected: amount refunded', 'निकासी नामंज़ूर: पैसे वापस', 'पैसे काढणे नामंजूर: रक्कम परत'),
  },
  {
    kind: 'withdrawal-refund',
    re: /^Withdrawal failed at the bank: amount refunded$/,
    words: fixed(
      'Withdrawal failed at the bank: amount refunded',
      'बैंक में निकासी फ़ेल: पैसे वापस',
      'बँकेत पैसे काढणे अयशस्वी: रक्कम परत',
    ),
  },
  {
    kind: 'withdrawal-refund',
    re: /^Withdrawal cancelled: amount refunded$/,
    words: fixed('Withdrawal cancelled: amount refunded', 'निकासी रद्द: पैसे वापस', 'पैसे काढणे रद्द: रक्कम परत'),
  },
  { kind: 'referral', re: /^Referral reward$/, words: fixed('Referral reward', 'रेफ़रल इनाम', 'रेफरल बक्षीस') },
  {
    kind: 'referral',
    re: /^Referral sign-up bonus$/,
    words: fixed('Referral sign-up bonus', 'रेफ़रल से जुड़ने का बोनस', 'रेफरलने खाते उघडल्याचा बोनस'),
  },
  {
    kind: 'grant',
    re: /^Daily points \((?<day>\d{4}-\d{2}-\d{2})\): points have no cash value$/,
    words: {
      en: (v) => `Daily points (${v.day}): points have no cash value`,
      hi: (v) => `रोज़ के पॉइंट (${dayWord(v.day ?? '', 'hi')}): पॉइंट की कोई नकद क़ीमत नहीं है`,
      mr: (v) => `रोजचे पॉइंट (${dayWord(v.day ?? '', 'mr')}): पॉइंटना रोख किंमत नाही`,
    },
  },
  // The demo seed's opening credit; an operator's own adjustment text stays as they wrote it.
  { kind: 'adjustment', re: /^Demo balance$/, words: fixed('Demo balance', 'डेमो बैलेंस', 'डेमो बॅलन्स') },
];

/**
 * A ledger line in the given language, from its kind and the English it was written with; a line
 * no template knows (an operator's adjustment note) comes back as written.
 * @example renderLedgerLine('withdrawal', 'Withdrawal to phonepe *******538', 'mr') // 'PhonePe *******538 वर पैसे काढले'
 * @example renderLedgerLine('withdrawal', 'Withdrawal to phonepe *******538', 'en') // 'Withdrawal to PhonePe *******538'
 */
export function renderLedgerLine(kind: string, description: string, lang: Lang): string {
  for (const t of TEMPLATES) {
    if (t.kind !== kind) continue;
    const m = t.re.exec(description);
    if (m) return t.words[lang]((m.groups ?? {}) as Values);
  }
  return description;
}

/** True when a kind's line is one of the templates (tests: every writer's English reads back). */
export function isKnownLedgerLine(kind: string, description: string): boolean {
  return TEMPLATES.some((t) => t.kind === kind && t.re.test(description));
}

/**
 * The English lines the writers store, built by the same templates the reader matches.
 * @example ledgerText.bidPlaced(['KALYAN'], 2) // 'Bid placed: KALYAN (2 bids)'
 */
export const ledgerText = {
  fundsAdded: (orderId: string | null) => (orderId ? `Funds added (order ${orderId})` : 'Funds added'),
  bidPlaced: (names: readonly string[], count: number) =>
    `Bid placed: ${names.join(', ')} (${count} ${count === 1 ? 'bid' : 'bids'})`,
  /** The settlement writes this in SQL, 'Winning: ' || game || ' (' || title || ')'. */
  winning: (gameName: string, gameTypeTitle: string) => `Winning: ${gameName} (${gameTypeTitle})`,
  /** The revert writes this in SQL, 'Result reverted: ' || game. */
  resultReverted: (gameName: string) => `Result reverted: ${gameName}`,
  withdrawal: (method: string, label: string) => `Withdrawal to ${method} ${label}`.trim(),
  withdrawalRejected: 'Withdrawal rejected: amount refunded',
  withdrawalCancelled: 'Withdrawal cancelled: amount refunded',
  withdrawalFailedAtBank: 'Withdrawal failed at the bank: amount refunded',
  referralReward: 'Referral reward',
  referralBonus: 'Referral sign-up bonus',
  dailyPoints: (day: string) => `Daily points (${day}): points have no cash value`,
} as const;
