/**
 * Type parsers shared by both drivers so rows look the same whichever database answers:
 * int8 (counts, paise) as a JS number (balances stay far below 2^53 paise), numeric as a number,
 * date as the plain 'YYYY-MM-DD' string (a market day has no time zone).
 */
export const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 value out of the safe integer range: ${value}`);
  return n;
}

export function parseNumeric(value: string): number {
  return Number(value);
}

export function parseDate(value: string): string {
  return value;
}
