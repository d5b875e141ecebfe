import { api } from './client';
import { toApiError } from './errors';
import type { Envelope, OtpPurpose, RegistrationAnswer, User, VerifyOtpAnswer } from './types';

export const LOGIN_FAILED = 'Login failed! Please check your credentials.';
export const REGISTER_FAILED = 'Register failed! Please check your credentials.';
export const OTP_FAILED = 'OTP verification failed. Please try again.';
export const OTP_SEND_FAILED = 'Failed to send OTP. Please try again.';
export const RESET_FAILED = 'Failed to reset password. Please try again.';
export const RESEND_FAILED = 'Failed to resend OTP';
export const NO_AUTH_TOKEN = 'Authentication token not received';

export type RegisterInput = {
  name: string;
  phone: string;
  password: string;
  /** The player confirmed being 18 or older (the server requires it). */
  adult?: boolean;
  referralCode?: string;
  deviceToken?: string;
  /** This install's id (lib/device-id.ts), sent as X-Device-Id for the operators' risk flags. */
  deviceId?: string;
};

async function post<T>(
  path: string,
  json: unknown,
  fallback: string,
  headers?: Record<string, string>,
): Promise<T> {
  try {
    return await api.post(path, { json, headers }).json<T>();
  } catch (error) {
    throw toApiError(error, fallback);
  }
}

export function login(phone: string, password: string): Promise<Envelope<User>> {
  return post('user/login', { phone, password }, LOGIN_FAILED);
}

export function register(input: RegisterInput): Promise<Envelope<RegistrationAnswer>> {
  // The payload names of docs/product.md section 3; empty optional fields are left out.
  const body = {
    name: input.name,
    phone: input.phone,
    password: input.password,
    newPassword: input.password,
    confirmPassword: input.password,
    adult: input.adult === true,
    ...(input.deviceToken ? { deviceToken: input.deviceToken } : {}),
    ...(input.referralCode ? { referralCode: input.referralCode } : {}),
  };
  const device = input.deviceId;
  return post('user/register', body, REGISTER_FAILED, device ? { 'X-Device-Id': device } : undefined);
}

export function verifyOtp(otp: string, phone: string, purpose: OtpPurpose): Promise<VerifyOtpAnswer> {
  return post('user/verify-otp', { otp, phone, purpose }, OTP_FAILED);
}

export function resendOtp(phone: string): Promise<Envelope<unknown>> {
  return post('user/resend-otp', { phone }, RESEND_FAILED);
}

export function forgetPassword(phone: string): Promise<Envelope<unknown>> {
  return post('user/forget-password', { phone }, OTP_SEND_FAILED);
}

export function resetPassword(
  phone: string,
  newPassword: string,
  confirmPassword: string,
  resetToken: string,
): Promise<Envelope<unknown>> {
  return post('user/reset-password', { phone, newPassword, confirmPassword, resetToken }, RESET_FAILED);
}

/** Revokes the token on the server; the app forgets it whatever the answer. */
export async function logoutOnServer(): Promise<void> {
  try {
    await api.post('user/logout');
  } catch {
    // Logging out must always succeed locally; a dead token is as good as a revoked one.
  }
}

export const PASSWORD_CHANGE_FAILED = 'Failed to change password. Please try again.';

/** POST /user/password (Profile): the current password, then the new one twice. */
export function changePassword(body: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<Envelope<unknown>> {
  return post('user/password', body, PASSWORD_CHANGE_FAILED);
}
