import { tAuth as t } from '../i18n/en/auth';

/** Login-page modes (docs/product.md section 2): each has its own heading and fields. */
export type AuthMode = 'login' | 'register' | 'forgot' | 'reset';

/** The heading of each mode, in the chosen language. */
export function authHeading(mode: AuthMode): string {
  const keys = {
    login: 'headingLogin',
    register: 'headingRegister',
    forgot: 'headingForgot',
    reset: 'headingReset',
  } as const;
  return t(keys[mode]);
}
const PASSWORD_MIN = 6;
export const OTP_LENGTH = 4;

export type AuthValues = {
  name: string;
  phone: string;
  password: string;
  newPassword: string;
  confirmPassword: string;
  /** 'yes' once the player ticked "I am 18 or older" (registration). */
  adult: string;
};

export type AuthErrors = Partial<Record<keyof AuthValues, string>>;

export const EMPTY_VALUES: AuthValues = {
  name: '',
  phone: '',
  password: '',
  newPassword: '',
  confirmPassword: '',
  adult: '',
};

function passwordError(value: string, required: string): string | undefined {
  if (!value) return required;
  if (value.length < PASSWORD_MIN) return t('passwordTooShort');
  return undefined;
}

/**
 * The Auth rules of docs/product.md section 5 for the fields a mode shows; an empty object means valid.
 * @example validateAuth('login', {...EMPTY_VALUES, phone: '9876543210'}) // {password: 'Password is required'}
 */
export function validateAuth(mode: AuthMode, v: AuthValues): AuthErrors {
  const errors: AuthErrors = {};
  if (mode === 'register' && !v.name.trim()) errors.name = t('nameRequired');
  if (mode === 'register' && v.adult !== 'yes') errors.adult = t('adultRequired');
  if (mode !== 'reset' && !v.phone.trim()) errors.phone = t('phoneRequired');
  if (mode === 'login' || mode === 'register') {
    const e = passwordError(v.password, t('passwordRequired'));
    if (e) errors.password = e;
  }
  if (mode === 'reset') {
    const e = passwordError(v.newPassword, t('newPasswordRequired'));
    if (e) errors.newPassword = e;
    if (!v.confirmPassword) errors.confirmPassword = t('confirmRequired');
    else if (v.confirmPassword !== v.newPassword) errors.confirmPassword = t('passwordsMismatch');
  }
  return errors;
}

/**
 * Profile's Change Password form: the current password, then the reset rules for the new one.
 * @example validatePasswordChange({current: '', next: 'abcdef', confirm: 'abcdeg'}) // {current: 'Password is required', confirm: 'Passwords do not match'}
 */
export function validatePasswordChange(v: { current: string; next: string; confirm: string }) {
  const reset = validateAuth('reset', { ...EMPTY_VALUES, newPassword: v.next, confirmPassword: v.confirm });
  const errors: Partial<Record<'current' | 'next' | 'confirm', string>> = {};
  if (!v.current) errors.current = t('passwordRequired');
  if (reset.newPassword) errors.next = reset.newPassword;
  if (reset.confirmPassword) errors.confirm = reset.confirmPassword;
  return errors;
}

/** Exactly four digits, digits only. */
export function isCompleteOtp(otp: string): boolean {
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp);
}
