import { PhoneSchema } from './phone';
import { UserSchema } from './user';
import { z } from './zod';

/** Messages from docs/product.md section 5 (Auth), word for word. */
export const AUTH_MESSAGES = {
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 6 characters long',
  newPasswordRequired: 'New password is required',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
  nameRequired: 'Name is required',
  adult: 'You must be 18 or older to play',
  otpInvalid: 'OTP must be exactly 4 digits',
} as const;

const password = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(6, AUTH_MESSAGES.passwordShort)
  .max(128, 'Password must be at most 128 characters');

const deviceToken = z.string().trim().min(1).max(4096, 'Device token is too long');

export const RegisterBodySchema = z
  .object({
    name: z
      .string({ error: AUTH_MESSAGES.nameRequired })
      .trim()
      .min(1, AUTH_MESSAGES.nameRequired)
      .max(100, 'Name must be at most 100 characters')
      .refine((s) => !/[<>]/.test(s), 'Name must not contain < or >'),
    phone: PhoneSchema,
    password,
    confirmPassword: z.string().max(128).optional(),
    newPassword: z.string().max(128).optional(),
    deviceToken: deviceToken.optional(),
    /** The player confirms being 18 or older; the server refuses a registration without it (422). */
    adult: z.boolean({ error: AUTH_MESSAGES.adult }).optional(),
    referralCode: z
      .string()
      .trim()
      .max(32, 'Invalid referral code')
      .optional()
      .transform((s) => (s === '' ? undefined : s)),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.confirmPassword !== '' && v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.mismatch });
    }
  });
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  phone: PhoneSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(128),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const OtpPurposeSchema = z.enum(['login', 'registration', 'password'], {
  error: 'Purpose must be login, registration or password',
});
export type OtpPurpose = z.infer<typeof OtpPurposeSchema>;

export const VerifyOtpBodySchema = z.object({
  otp: z
    .union([z.string(), z.number()], { error: AUTH_MESSAGES.otpInvalid })
    .transform((v) => String(v))
    .pipe(z.string().regex(/^\d{4}$/, AUTH_MESSAGES.otpInvalid)),
  phone: PhoneSchema,
  purpose: OtpPurposeSchema,
});
export type VerifyOtpBody = z.input<typeof VerifyOtpBodySchema>;

export const PhoneBodySchema = z.object({ phone: PhoneSchema });
export type PhoneBody = z.input<typeof PhoneBodySchema>;

export const ResetPasswordBodySchema = z
  .object({
    newPassword: z
      .string({ error: AUTH_MESSAGES.newPasswordRequired })
      .min(1, AUTH_MESSAGES.newPasswordRequired)
      .min(6, AUTH_MESSAGES.passwordShort)
      .max(128, 'Password must be at most 128 characters'),
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.confirmRequired })
      .min(1, AUTH_MESSAGES.confirmRequired)
      .max(128),
    phone: PhoneSchema,
    resetToken: z
      .string({ error: 'Please verify the OTP before resetting your password' })
      .min(1, 'Please verify the OTP before resetting your password')
      .max(200, 'Please verify the OTP before resetting your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.mismatch,
  });
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

/** POST /user/password (a signed-in player, Profile): the current password, then the new one twice. */
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ error: AUTH_MESSAGES.passwordRequired })
      .min(1, AUTH_MESSAGES.passwordRequired)
      .max(128),
    newPassword: ResetPasswordBodySchema.shape.newPassword,
    confirmPassword: ResetPasswordBodySchema.shape.confirmPassword,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.mismatch,
  });
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

/** POST /user/verify-otp with purpose password: `data`, the one-use grant (10 minutes). */
export const ResetGrantSchema = z.object({ resetToken: z.string() });

export const DeviceTokenBodySchema = z.object({
  deviceToken: z
    .string({ error: 'Device token is required' })
    .trim()
    .min(1, 'Device token is required')
    .max(4096),
});

/** POST /user/verify-otp with purpose login: the token sits beside data (docs/api.md). */
export const LoginAnswerSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  token: z.string(),
  data: UserSchema,
});
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

export const AdminLoginBodySchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(64),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(200),
});

export const AdminLoginAnswerSchema = z.union([
  z.object({ status: z.literal(true), message: z.string(), token: z.string() }),
  /** Two-factor sign-in is on: no token yet; POST /admin/login/2fa {challenge, code} answers it. */
  z.object({
    status: z.literal(true),
    message: z.string(),
    twoFactorRequired: z.literal(true),
    challenge: z.string(),
  }),
]);

const SixDigits = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** POST /admin/2fa/enable and /admin/2fa/disable. */
export const TwoFactorCodeBodySchema = z.object({ code: SixDigits });

/** POST /admin/2fa/setup's answer: the secret is not in force until a code confirms it. */
export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});

/** POST /admin/login/2fa: the challenge with a code or one of the recovery codes. */
export const AdminLoginTwoFactorBodySchema = z
  .object({
    challenge: z.string({ error: 'Sign in with your password first' }).min(16).max(200),
    code: SixDigits.optional(),
    recoveryCode: z
      .string({ error: 'Enter a recovery code' })
      .trim()
      .regex(/^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/, 'Enter a recovery code like abcde-fgh23')
      .optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: 'Send the code from your authenticator app, or one recovery code',
    path: ['code'],
  });

export const SmsOutboxItemSchema = z.object({
  _id: z.string(),
  phone: z.string(),
  purpose: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type SmsOutboxItem = z.infer<typeof SmsOutboxItemSchema>;

/**
 * POST /user/register's `data` (issue 45): the request's own name and phone and nothing the server
 * made (no id, no referral code), so the answer for a registered phone is the one a new phone gets.
 */
export const RegistrationAnswerSchema = z.object({ name: z.string(), phone: z.string() });
export type RegistrationAnswer = z.infer<typeof RegistrationAnswerSchema>;
