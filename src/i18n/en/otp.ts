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
  resendIn: 'Resend in {n} s',
} as const;

export const tOtp = translator('otp', otpEn);
