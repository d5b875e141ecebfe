/** Login-page modes (product.md section 2): each has its own heading and fields. */
export type AuthMode = 'login' | 'register' | 'forgot' | 'reset';

export const AUTH_HEADINGS: Record<AuthMode, string> = {
  login: 'LOGIN',
  register: 'SIGN UP',
  forgot: 'FORGET PASSWORD',
  reset: 'RESET PASSWORD',
};

export const PHONE_REQUIRED = 'Phone number is required';
const PASSWORD_REQUIRED = 'Password is required';
const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
const NEW_PASSWORD_REQUIRED = 'New password is required';
const CONFIRM_REQUIRED = 'Please confirm your password';
const PASSWORDS_MISMATCH = 'Passwords do not match';
const NAME_REQUIRED = 'Name is required';
export const ADULT_REQUIRED = 'You must be 18 or older to play';
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
  if (value.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  return undefined;
}

/**
 * The Auth rules of product.md section 5 for the fields a mode shows; an empty object means valid.
 * @example validateAuth('login', {...EMPTY_VALUES, phone: '9876543210'}) // {password: 'Password is required'}
 */
export function validateAuth(mode: AuthMode, v: AuthValues): AuthErrors {
  const errors: AuthErrors = {};
  if (mode === 'register' && !v.name.trim()) errors.name = NAME_REQUIRED;
  if (mode === 'register' && v.adult !== 'yes') errors.adult = ADULT_REQUIRED;
  if (mode !== 'reset' && !v.phone.trim()) errors.phone = PHONE_REQUIRED;
  if (mode === 'login' || mode === 'register') {
    const e = passwordError(v.password, PASSWORD_REQUIRED);
    if (e) errors.password = e;
  }
  if (mode === 'reset') {
    const e = passwordError(v.newPassword, NEW_PASSWORD_REQUIRED);
    if (e) errors.newPassword = e;
    if (!v.confirmPassword) errors.confirmPassword = CONFIRM_REQUIRED;
    else if (v.confirmPassword !== v.newPassword) errors.confirmPassword = PASSWORDS_MISMATCH;
  }
  return errors;
}

/** Exactly four digits, digits only. */
export function isCompleteOtp(otp: string): boolean {
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp);
}
