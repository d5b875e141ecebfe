import { LANGUAGE_TAGS, type Lang } from '../../src/i18n/languages';
import { SERVER_CATALOGUE } from './catalogue';

type Entry = { re: RegExp; names: string[]; hi: string; mr: string };

const exact = new Map<string, readonly [string, string]>();
const templates: Entry[] = [];
for (const [en, [hi, mr]] of Object.entries(SERVER_CATALOGUE)) {
  if (!/\{\w+\}/.test(en)) {
    exact.set(en, [hi, mr]);
    continue;
  }
  const names: string[] = [];
  const source = en
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1] as string);
      return '(.+?)';
    })
    .join('');
  templates.push({ re: new RegExp(`^${source}$`), names, hi, mr });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_YEAR = /^(\d{2}) ([A-Z][a-z]{2}) (\d{4})$/;
const DAY_TIME = /^(\d{2}) ([A-Z][a-z]{2}), (\d{2}:\d{2} [AP]M)$/;
const DAY_YEAR_TIME = /^(\d{2}) ([A-Z][a-z]{2}) (\d{4}), (\d{2}:\d{2} [AP]M)$/;
const POINTS = /^([\d,]+(?:\.\d\d)?) points$/;

function dayIn(lang: Exclude<Lang, 'en'>, day: string, month: number, year: string | null): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], {
    timeZone: 'UTC',
    day: '2-digit',
    month: 'short',
    ...(year ? { year: 'numeric' } : {}),
    numberingSystem: 'latn',
  }).format(new Date(Date.UTC(year ? Number(year) : 2000, month, Number(day))));
}

/**
 * A value put into a template (src/domain's '22 Nov 2026', '22 Nov, 12:00 AM', '22 Nov 2026, 12:00 AM',
 * '500 points') as
 * the app shows it in the language: the month's own name, digits and times as they are (GLOSSARY.md).
 * @example localValue('22 Nov 2026', 'hi') // '22 नव॰ 2026'
 */
function localValue(value: string, lang: Exclude<Lang, 'en'>): string {
  const points = POINTS.exec(value);
  if (points) return `${points[1]} पॉइंट`;
  const dyt = DAY_YEAR_TIME.exec(value);
  const dytMonth = dyt ? MONTHS.indexOf(dyt[2] as string) : -1;
  if (dyt && dytMonth >= 0) return `${dayIn(lang, dyt[1] as string, dytMonth, dyt[3] as string)}, ${dyt[4]}`;
  const dy = DAY_YEAR.exec(value);
  const dt = dy ? null : DAY_TIME.exec(value);
  const m = dy ?? dt;
  const month = m ? MONTHS.indexOf(m[2] as string) : -1;
  if (!m || month < 0) return value;
  return dy
    ? dayIn(lang, m[1] as string, month, m[3] as string)
    : `${dayIn(lang, m[1] as string, month, null)}, ${m[3]}`;
}

/**
 * An English message of the server in the given language; text the catalogue does not know (an
 * operator's maintenance note, a name) comes back as it is.
 * @example translate('Invalid phone number or password', 'mr') // 'मोबाईल नंबर किंवा पासवर्ड चुकीचा आहे'
 * @example translate('Minimum bid amount is 10', 'hi') // 'कम से कम 10 की बोली लगाएं'
 */
export function translate(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  const hit = exact.get(text);
  if (hit) return lang === 'hi' ? hit[0] : hit[1];
  for (const t of templates) {
    const m = t.re.exec(text);
    if (!m) continue;
    const values = new Map(t.names.map((name, i) => [name, localValue(m[i + 1] as string, lang)]));
    return (lang === 'hi' ? t.hi : t.mr).replace(/\{(\w+)\}/g, (_, name: string) => values.get(name) ?? '');
  }
  return text;
}

/** True when the catalogue knows this English message (tests). */
export function isTranslated(text: string): boolean {
  return translate(text, 'hi') !== text && translate(text, 'mr') !== text;
}
