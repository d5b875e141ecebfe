import { z } from './zod';

/**
 * Indian mobile numbers: spaces, dashes, a +91 / 91 / 0 prefix are stripped, then 10 digits
 * starting 6-9 must remain.
 * Example: normalizePhone('+91 98765 43210') === '9876543210'; normalizePhone('12345') === null
 */
export function normalizePhone(input: string): string | null {
  let digits = input.replace(/[\s()-]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_INVALID = 'Please enter a valid phone number';

export const PhoneSchema = z
  .string({ error: PHONE_REQUIRED })
  .max(20, PHONE_INVALID)
  .refine((s) => s.trim() !== '', PHONE_REQUIRED)
  .transform((s, ctx) => {
    const phone = normalizePhone(s);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return phone;
  });
