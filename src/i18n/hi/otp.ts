import type { otpEn } from '../en/otp';

export const otp: Record<keyof typeof otpEn, string> = {
  otpTitle: 'OTP जाँच',
  otpTitleReset: 'पासवर्ड बदलने के लिए OTP',
  otpSentTo: 'इस नंबर पर भेजा गया 4 अंकों का कोड डालें',
  otpDigit: 'OTP का अंक {n}',
  cancel: 'रद्द करें',
  verify: 'जाँचें',
  resend: 'फिर से भेजें',
  registeredHint: 'इस नंबर से पहले से खाता है? तब कोड नहीं आएगा, बस इसकी जानकारी का SMS आएगा।',
  loginInstead: 'लॉगिन पर जाएं',
  resendIn: '{n} सेकंड बाद फिर से भेजें',
};
