/**
 * The market time zone the browser suite runs the server in: a fixed-offset zone whose local time
 * at `now` is between 12:00 and 13:00. Tests bid on markets open "all day" (Demo Day 00:05-23:55)
 * and make markets at now + 20 minutes; at midday neither runs into midnight, whatever the hour
 * the suite starts, and a suite of up to an hour still ends before 14:00 local.
 *
 * POSIX-style names invert the sign: 'Etc/GMT-5' is UTC+5. IANA has Etc/GMT-14 ... Etc/GMT+12,
 * and the offsets used here are -11 ... +12.
 * @example middayZone(new Date('2026-11-21T18:40:00Z')) // 'Etc/GMT+6' (12:40 local)
 */
export function middayZone(now: Date): string {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
