/**
 * The player app's languages (issue 22). No zod, no React: the server, the contracts and the first
 * load all import this.
 */
export const LANGUAGES = ['en', 'hi', 'mr'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** The BCP 47 tag for Intl and the page's `lang` attribute. */
export const LANGUAGE_TAGS: Record<Lang, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN' };

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'hi' || value === 'mr';
}

/**
 * The first of the preferred languages we have, English otherwise.
 * @example pickLanguage(['mr-IN', 'en']) // 'mr'; pickLanguage(['fr']) // 'en'
 */
export function pickLanguage(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLang(base)) return base;
  }
  return 'en';
}

/**
 * The languages of an Accept-Language header by quality; null when none of ours is named.
 * @example fromAcceptLanguage('hi-IN,hi;q=0.9,en;q=0.8') // 'hi'; fromAcceptLanguage('fr') // null
 */
export function fromAcceptLanguage(header: string | undefined | null): Lang | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), i };
    })
    .filter((p) => p.q > 0 && isLang(p.tag))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const first = ranked[0]?.tag;
  return isLang(first) ? first : null;
}
