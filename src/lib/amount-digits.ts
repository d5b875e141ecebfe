/**
 * What an amount field keeps of what was typed or pasted: digits only, no leading zeros, at most
 * `maxDigits` digits (the width of the server's cap for that field), so the box can never hold
 * something the server reads differently from what the player sees.
 * @example amountDigits('1,0a00', 7) // '1000'; amountDigits('007', 7) // '7'; amountDigits('123456789', 8) // '12345678'
 */
export function amountDigits(raw: string, maxDigits: number): string {
  return raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, maxDigits);
}
