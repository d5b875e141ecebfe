import type { Lang } from '../../src/i18n/languages';
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

/**
 * An English message of the server in the given language; text the catalogue does not know (an
 * operator's maintenance note, a name) comes back as it is.
 * @example translate('Invalid phone number or password', 'mr') // 'मोबाईल नंबर किंवा पासवर्ड चुकीचा आहे'
 * @example translate('Minimum bid amount is 10', 'hi') // 'कम से कम 10 पॉइंट की बोली लगाएं'
 */
export function translate(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  const hit = exact.get(text);
  if (hit) return lang === 'hi' ? hit[0] : hit[1];
  for (const t of templates) {
    const m = t.re.exec(text);
    if (!m) continue;
    const values = new Map(t.names.map((name, i) => [name, m[i + 1] as string]));
    return (lang === 'hi' ? t.hi : t.mr).replace(/\{(\w+)\}/g, (_, name: string) => values.get(name) ?? '');
  }
  return text;
}

/** True when the catalogue knows this English message (tests). */
export function isTranslated(text: string): boolean {
  return translate(text, 'hi') !== text && translate(text, 'mr') !== text;
}
