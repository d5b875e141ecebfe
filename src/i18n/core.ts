import { useSyncExternalStore } from 'react';
import { isLang, LANGUAGE_TAGS, type Lang, pickLanguage } from './languages';

/**
 * The catalogue machinery. English lives with the screens that use it (src/i18n/en/<area>.ts, each
 * bundled into its screen's chunk); Hindi and Marathi are one chunk each (lang-hi.ts, lang-mr.ts),
 * downloaded only when chosen. `t` reads the chosen language's table and falls back to English.
 */
export type Params = Record<string, string | number>;
export type Table = Readonly<Record<string, string>>;
/** A language's tables by area, as lang-hi.ts and lang-mr.ts export them. */
export type Tables = Readonly<Record<string, Table>>;

let lang: Lang = 'en';
let tables: Tables | null = null;
const listeners = new Set<() => void>();
/** English tables by area, registered as their modules load: the reverse lookup of `localize`. */
const english = new Map<string, Table>();

const loaders: Record<Exclude<Lang, 'en'>, () => Promise<{ tables: Tables }>> = {
  hi: () => import('./lang-hi'),
  mr: () => import('./lang-mr'),
};

/**
 * Replaces `{name}` placeholders.
 * @example fill('Minimum bid amount is {min}', {min: 10}) // 'Minimum bid amount is 10'
 */
export function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/**
 * The translator of one area: `const t = translator('auth', authEn); t('login')`. Keys are the
 * English table's, so a wrong key fails the typecheck.
 */
export function translator<T extends Table>(area: string, en: T) {
  english.set(area, en);
  return (key: keyof T & string, params?: Params): string =>
    fill(tables?.[area]?.[key] ?? (en[key] as string), params);
}

export function currentLanguage(): Lang {
  return lang;
}

function apply(next: Lang, nextTables: Tables | null): void {
  lang = next;
  tables = nextTables;
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_TAGS[next];
  for (const l of listeners) l();
}

/** Loads (when needed) and switches to a language; the screens re-render through useLanguage. */
export async function switchLanguage(next: Lang): Promise<void> {
  if (next === 'en') return apply('en', null);
  const loaded = await loaders[next]();
  apply(next, loaded.tables);
}

/** The language the app re-renders on. */
export function useLanguage(): Lang {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => lang,
    () => lang,
  );
}

const SAVED_KEY = 'matka-language';

/** The language kept on this device (a synchronous copy of the store's, for the first paint). */
export function savedLanguage(): Lang | null {
  try {
    const v = localStorage.getItem(SAVED_KEY);
    return isLang(v) ? v : null;
  } catch {
    return null;
  }
}

export function saveLanguage(next: Lang): void {
  try {
    localStorage.setItem(SAVED_KEY, next);
  } catch {
    // Private mode without storage: the choice lasts this visit.
  }
}

/** The saved choice, else the browser's language (first visit). */
export function initialLanguage(): Lang {
  return savedLanguage() ?? pickLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);
}

let patterns: Array<{ re: RegExp; area: string; key: string; names: string[] }> | null = null;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A message that arrives as English text (src/domain's validation messages, the client's product.md
 * defaults, a server answer from before the language was sent) in the chosen language; text not in
 * any loaded English table comes back unchanged.
 * @example localize('Minimum bid amount is 10') // 'न्यूनतम बोली 10 पॉइंट' in Hindi
 */
export function localize(text: string): string {
  if (lang === 'en' || !tables) return text;
  if (!patterns || patterns.length !== [...english.values()].reduce((n, t) => n + Object.keys(t).length, 0)) {
    patterns = [];
    for (const [area, table] of english) {
      for (const [key, en] of Object.entries(table)) {
        const names: string[] = [];
        const source = en
          .split(/(\{\w+\})/)
          .map((part) => {
            const m = /^\{(\w+)\}$/.exec(part);
            if (!m) return escapeRe(part);
            names.push(m[1] as string);
            return '(.+?)';
          })
          .join('');
        patterns.push({ re: new RegExp(`^${source}$`), area, key, names });
      }
    }
  }
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (!m) continue;
    const translated = tables[p.area]?.[p.key];
    if (!translated) return text;
    const params: Params = {};
    p.names.forEach((name, i) => {
      params[name] = m[i + 1] as string;
    });
    return fill(translated, params);
  }
  return text;
}

/** Registers an English table that no screen translates by key (lang-hi.ts: domain messages). */
export function registerEnglish(area: string, en: Table): void {
  english.set(area, en);
}
