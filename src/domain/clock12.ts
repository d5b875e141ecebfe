/**
 * An hour and minute of the day as the app writes every time: 12-hour, two digits, AM/PM. Apart
 * from format.ts so the offline line (on the sign-in page too) does not bring the market's
 * calendar code into the first load.
 * @example clock12(13, 5) // '01:05 PM'; clock12(0, 5) // '12:05 AM'
 */
export function clock12(h: number, m: number): string {
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(h12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
