import { isLang, LANGUAGE_TAGS, type Lang, pickLanguage } from './languages';

/**
 * The catalogue machinery. English lives with the screens that use it (src/i18n/en/<area>.ts, each
 * bundled into its screen's chunk); Hindi and Marathi are one chunk each (lang-hi.ts, lang-mr.ts),
 * downloaded only when chosen (switch-language.ts). `t` reads the chosen language's table and falls back to English.
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

/** What `applyLanguage` touches of the page; typed here so the server, which reads the tables, needs no DOM. */
type PageDocument = {
  documentElement: { lang: string };
  querySelector(selector: string): { setAttribute(name: string, value: string): void } | null;
};

/**
 * Puts a language's tables in force (switch-language.ts, which loads them: the language chunks import
 * this file, so this file does not import them).
 */
export function applyLanguage(next: Lang, nextTables: Tables | null): void {
  lang = next;
  tables = nextTables;
  const page = (globalThis as { document?: PageDocument }).document;
  if (page) {
    page.documentElement.lang = LANGUAGE_TAGS[next];
    // The install manifest in the same language (vite.config.ts writes one per language).
    page
      .querySelector('link[rel="manifest"]')
      ?.setAttribute('href', `/manifest${next === 'en' ? '' : `-${next}`}.webmanifest`);
  }
  for (const l of listeners) l();
}

/** Calls `listener` after every switch; answers the unsubscribe (use-language.ts). */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The device's synchronous copy of the choice (lib/language.ts writes it). */
export const SAVED_KEY = 'matka-language';

/** The language kept on this device (a synchronous copy of the store's, for the first paint). */
export function savedLanguage(): Lang | null {
  try {
    const v = localStorage.getItem(SAVED_KEY);
    return isLang(v) ? v : null;
  } catch {
    return null;
  }
}

/** The saved choice, else the browser's language (first visit). */
export function initialLanguage(): Lang {
  return savedLanguage() ?? pickLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);
}

let localizer: ((text: string) => string) | null = null;

/**
 * A message that arrives as English text (src/domain's validation messages, the client's docs/product.md
 * defaults, a server answer from before the language was sent) in the chosen language; text not in
 * any loaded English table comes back unchanged. English costs nothing: the matching itself comes
 * with the Hindi and Marathi chunks (localizer.ts).
 * @example localize('Minimum bid amount is 10') // 'कम से कम 10 पॉइंट की बोली लगाएं' in Hindi
 */
export function localize(text: string): string {
  return lang === 'en' || !localizer ? text : localizer(text);
}

/**
 * For the language chunks only (lang-en.ts, localizer.ts): registers English tables no screen
 * translates by key, installs the matcher, and reads the loaded tables.
 */
export function languageChunkHooks(fn?: (text: string) => string) {
  if (fn) localizer = fn;
  return { english, chosen: tables };
}
