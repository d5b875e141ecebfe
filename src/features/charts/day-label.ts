/**
 * A market day as the charts print it: dd/mm/yyyy.
 * @example dayLabel('2026-11-02') // '02/11/2026'
 */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
