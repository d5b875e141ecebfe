import { dateTimeLabel, formatDateShort } from '../domain/format';
import { currentLanguage } from '../i18n/core';
import { LANGUAGE_TAGS } from '../i18n/languages';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date as the app shows one, in the market zone `tz`: English keeps docs/product.md's en-IN short
 * style ('22 NOV 2026'); Hindi and Marathi use their own month names ('22 नव॰ 2026',
 * '22 नोव्हें, 2026'), from the browser's own Intl data, so they cost no download. Digits stay
 * 0-9 (Marathi's default would be Devanagari digits).
 */
export function formatDay(date: Date, tz: string): string {
  const lang = currentLanguage();
  if (lang === 'en' || Number.isNaN(date.getTime())) return formatDateShort(date, tz);
  const key = `${lang}|${tz}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], {
      timeZone: tz,
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      numberingSystem: 'latn',
    });
    formats.set(key, f);
  }
  return f.format(date);
}

/** An instant as [date, 12-hour time] in the market zone, the date in the chosen language. */
export function dateTimeParts(iso: string, tz: string): [string, string] {
  const [date, time] = dateTimeLabel(iso, tz);
  return currentLanguage() === 'en' || time === '' ? [date, time] : [formatDay(new Date(iso), tz), time];
}
