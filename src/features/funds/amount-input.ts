/**
 * What an amount field keeps of what was typed or pasted: digits only, no leading zeros, at most
 * 7 digits (the server's caps are 10 lakh for funds and 1 crore for withdrawals).
 * @example digitsOnly('1,0a00') // '1000'; digitsOnly('007') // '7'
 */
export function digitsOnly(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 7);
}
