import { translator } from '../core';

/** The sign-in page, the OTP dialog and the maintenance screen (product.md section 2). */
export const authEn = {
  headingLogin: 'LOGIN',
  headingRegister: 'SIGN UP',
  headingForgot: 'FORGET PASSWORD',
  headingReset: 'RESET PASSWORD',
  name: 'Name',
  phone: 'Phone Number',
  password: 'Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  referralCode: 'Referral code:',
  submitLogin: 'Login',
  submitRegister: 'Sign Up',
  submitForgot: 'Send OTP',
  submitReset: 'Reset Password',
  forgetPassword: 'Forget Password?',
  backToLogin: 'Back to Login',
  noAccount: "Don't have an account? ",
  haveAccount: 'Already have an account? ',
  register: 'Register',
  login: 'Login',
  phoneRequired: 'Phone number is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  newPasswordRequired: 'New password is required',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  nameRequired: 'Name is required',
  otpSent: 'OTP sent successfully',
  otpResent: 'Otp sent successfully',
  passwordResetDone: 'Password reset successfully. Please login with your new password.',
  registered: 'Registration successful. Please login.',
  language: 'Language',
} as const;

export const tAuth = translator('auth', authEn);
