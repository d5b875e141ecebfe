// Masking for display, without the time maths (the sign-in screen needs it on the first load).

/** Masks all but the last `visible` characters with '*'; short values are returned unchanged. */
function maskTail(value: string, visible: number): string {
  const s = value.trim();
  if (s.length <= visible) return s;
  return '*'.repeat(s.length - visible) + s.slice(-visible);
}

/** Phone with only the last 3 visible. @example maskPhone('9876543210') // '*******210' */
export function maskPhone(phone: string): string {
  return maskTail(phone, 3);
}

/** Bank account with only the last 4 visible. @example maskAccount('123456789012') // '********9012' */
export function maskAccount(account: string): string {
  return maskTail(account, 4);
}
