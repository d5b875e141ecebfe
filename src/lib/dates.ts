import dayjs from 'dayjs';
import { dateTimeLabel, formatDateShort } from '../domain/format';
import { currentLanguage } from '../i18n/core';

// dayjs's utc and timezone plugins are set up by src/domain/market-time.ts (imported by format).

/**
 * A date as the app shows one, in the market zone `tz`: English keeps product.md's en-IN short
 * style ('22 NOV 2026'); Hindi and Marathi use their own month names from the dayjs locale their
 * catalogue chunk brought in ('22 नव. 2026', '22 नोव्हें. 2026'). Digits stay 0-9.
 */
export function formatDay(date: Date, tz: string): string {
  const lang = currentLanguage();
  if (lang === 'en' || Number.isNaN(date.getTime())) return formatDateShort(date, tz);
  return dayjs(date).tz(tz).locale(lang).format('DD MMM YYYY');
}

/** An instant as [date, 12-hour time] in the market zone, the date in the chosen language. */
export function dateTimeParts(iso: string, tz: string): [string, string] {
  const at = new Date(iso);
  if (currentLanguage() === 'en' || Number.isNaN(at.getTime())) return dateTimeLabel(iso, tz);
  return [formatDay(at, tz), dayjs(at).tz(tz).locale('en').format('hh:mm A')];
}
