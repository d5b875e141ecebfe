import { formatDayTime, formatDayYear, type LimitField } from '../domain/responsible-play';
import { currentLanguage } from '../i18n/core';
import { tPlay as t } from '../i18n/en/play';
import { LANGUAGE_TAGS } from '../i18n/languages';
import { formatDay } from './dates';

/**
 * Responsible play's words in the chosen language: English keeps src/domain's own formats word for
 * word ('22 Nov 2026', '22 Nov, 12:00 AM', '1,500 points'); Hindi and Marathi take the month names
 * of the browser's Intl data with digits 0-9 and times as hh:mm AM/PM (GLOSSARY.md).
 */
export function limitLabel(field: LimitField): string {
  return t(field);
}

/** An amount as the money mode shows it: ₹ in real mode, points in points mode (lib/amount.ts). */
export { amountText as playAmount } from './money-mode';

/** 'DD MMM YYYY' in the zone, the month in the language. */
export function dayYear(at: Date, tz: string): string {
  return currentLanguage() === 'en' ? formatDayYear(at, tz) : formatDay(at, tz);
}

/** 'DD MMM, hh:mm A' in the zone, the month in the language. */
export function dayTime(at: Date, tz: string): string {
  const english = formatDayTime(at, tz);
  const lang = currentLanguage();
  if (lang === 'en') return english;
  const day = new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], {
    timeZone: tz,
    day: '2-digit',
    month: 'short',
    numberingSystem: 'latn',
  }).format(at);
  return `${day}, ${english.slice(english.indexOf(', ') + 2)}`;
}

/** The pause's end in words, e.g. 'Tuesday, 18 May 2027' ('मंगलवार, 18 मई 2027'). */
export function endInWords(until: Date, tz: string): string {
  const lang = currentLanguage();
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : LANGUAGE_TAGS[lang], {
    timeZone: tz,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    numberingSystem: 'latn',
  }).format(until);
}

/** 'DD MMM YYYY, hh:mm A' in the zone, the month in the language. */
export function dayYearTime(at: Date, tz: string): string {
  const english = formatDayTime(at, tz);
  return `${dayYear(at, tz)}, ${english.slice(english.indexOf(', ') + 2)}`;
}

/** 'Your account is paused until 19 Nov 2026, 03:30 PM' in the language: it ends at a time. */
export function pausedLine(until: Date, tz: string): string {
  return t('pausedUntil', { date: dayYearTime(until, tz) });
}
