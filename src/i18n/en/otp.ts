import { translator } from '../core';

/** The OTP dialog (its own chunk, loaded when a code is sent). */
export const otpEn = {
  otpTitle: 'VERIFICATION !',
  otpTitleReset: 'RESET PASSWORD VERIFICATION',
  otpSentTo: 'Enter the 4-digit code sent to',
  otpDigit: 'OTP digit {n}',
  cancel: 'Cancel',
  verify: 'Verify',
  resend: 'Resend',
  // Issue 45: a registered phone gets the same answer as a new one, and an SMS instead of a code.
  registeredHint: 'Already have an account with this number? Then no code comes, only an SMS saying so.',
  loginInstead: 'Go to Login',
  resendIn: 'Resend in {n} s',
} as const;

export const tOtp = translator('otp', otpEn);
