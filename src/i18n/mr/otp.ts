import type { otpEn } from '../en/otp';

export const otp: Record<keyof typeof otpEn, string> = {
  otpTitle: 'OTP तपासणी',
  otpTitleReset: 'पासवर्ड बदलण्यासाठी OTP',
  otpSentTo: 'या नंबरवर पाठवलेला 4 अंकी कोड टाका',
  otpDigit: 'OTP चा अंक {n}',
  cancel: 'रद्द करा',
  verify: 'तपासा',
  resend: 'पुन्हा पाठवा',
  registeredHint: 'या नंबरने आधीच खाते आहे? मग कोड येणार नाही, फक्त तसे सांगणारा SMS येईल.',
  loginInstead: 'लॉगिनवर जा',
  resendIn: '{n} सेकंदांनी पुन्हा पाठवा',
};
