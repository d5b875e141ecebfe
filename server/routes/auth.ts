import { z } from 'zod';
import {
  AUTH_MESSAGES,
  ChangePasswordBodySchema,
  DeviceTokenBodySchema,
  LoginAnswerSchema,
  LoginBodySchema,
  PhoneBodySchema,
  RegisterBodySchema,
  RegistrationAnswerSchema,
  ResetGrantSchema,
  ResetPasswordBodySchema,
  VerifyOtpBodySchema,
} from '../../src/contracts/auth';
import { UserSchema } from '../../src/contracts/user';
import { player } from '../http/auth';
import { inLanguage, ok, okMessage } from '../http/envelope';
import { assertNotInMaintenance } from '../http/maintenance';
import { createRouter } from '../http/router';
import { askedLanguage } from '../i18n/request-language';
import {
  changePassword,
  forgetPassword,
  PASSWORD_CHANGED,
  resetPassword,
} from '../services/auth/password-reset';
import { register } from '../services/auth/registration';
import { login, resendOtp, saveDeviceToken, verifyOtp } from '../services/auth/sign-in';
import { revokeToken } from '../services/auth/tokens';
import { unprocessable } from '../services/errors';

export const OTP_SENT = 'OTP sent successfully';

/** Player sign-up, login by password + OTP, password reset, logout, push token (docs/api.md "Auth"). */
export function authRoutes() {
  const r = createRouter('/api/v1/user', 'Auth');

  r.post(
    '/register',
    {
      summary: 'Register; sends the registration OTP (a registered phone: the same answer, no code)',
      auth: 'public',
      body: RegisterBodySchema,
      response: RegistrationAnswerSchema,
    },
    async (c, { body }) => {
      const deps = c.get('deps');
      if (body.adult !== true) throw unprocessable(AUTH_MESSAGES.adult, { adult: AUTH_MESSAGES.adult });
      await assertNotInMaintenance(deps.db);
      // X-Device-Id: the app's own id for this install (risk flags compare registrations by it).
      const device = c.req.header('x-device-id');
      return ok(c, await register(deps, body, c.get('clientAddress'), askedLanguage(c), device), OTP_SENT);
    },
  );

  r.post(
    '/login',
    {
      summary: 'Check the password; sends the login OTP',
      auth: 'public',
      body: LoginBodySchema,
      response: UserSchema,
    },
    async (c, { body }) => {
      const deps = c.get('deps');
      await assertNotInMaintenance(deps.db);
      return ok(
        c,
        await login(deps, body.phone, body.password, c.get('clientAddress'), askedLanguage(c)),
        OTP_SENT,
      );
    },
  );

  r.post(
    '/verify-otp',
    {
      summary: 'Verify an OTP (login answers a token)',
      auth: 'public',
      body: VerifyOtpBodySchema,
      response: z.union([UserSchema, LoginAnswerSchema, ResetGrantSchema]),
    },
    async (c, { body }) => {
      const deps = c.get('deps');
      if (body.purpose !== 'password') await assertNotInMaintenance(deps.db);
      const result = await verifyOtp(deps, body.phone, body.purpose, body.otp, askedLanguage(c));
      if (result.purpose === 'password') {
        return ok(c, { resetToken: result.resetToken }, 'OTP verified successfully');
      }
      const message = result.purpose === 'login' ? 'Login successful' : 'Registration successful!';
      return c.json({
        status: true,
        message: inLanguage(c, message),
        token: result.token,
        data: result.user,
      });
    },
  );

  r.post(
    '/resend-otp',
    { summary: 'Re-send the pending OTP', auth: 'public', body: PhoneBodySchema },
    async (c, { body }) => {
      await resendOtp(c.get('deps'), body.phone, c.get('clientAddress'), askedLanguage(c));
      return okMessage(c, OTP_SENT);
    },
  );

  r.post(
    '/forget-password',
    { summary: 'Send a password-reset OTP', auth: 'public', body: PhoneBodySchema },
    async (c, { body }) => {
      await forgetPassword(c.get('deps'), body.phone, c.get('clientAddress'), askedLanguage(c));
      return okMessage(c, OTP_SENT);
    },
  );

  r.post(
    '/reset-password',
    {
      summary: "Set a new password with verify-otp's resetToken",
      auth: 'public',
      body: ResetPasswordBodySchema,
    },
    async (c, { body }) => {
      await resetPassword(c.get('deps'), body, c.get('clientAddress'));
      return okMessage(c, 'Password reset successfully. Please login with your new password.');
    },
  );

  r.post(
    '/password',
    {
      summary: 'Change my password (Profile; every other session of mine ends)',
      auth: 'player',
      body: ChangePasswordBodySchema,
    },
    async (c, { body }) => {
      await changePassword(c.get('deps'), player(c), body, c.get('clientAddress'));
      return okMessage(c, PASSWORD_CHANGED);
    },
  );

  r.post('/logout', { summary: 'Revoke this token', auth: 'player' }, async (c) => {
    await revokeToken(c.get('deps').db, player(c).tokenId);
    return okMessage(c, 'Logged out successfully');
  });

  r.post(
    '/device-token',
    { summary: 'Store the push token', auth: 'player', body: DeviceTokenBodySchema },
    async (c, { body }) => {
      await saveDeviceToken(c.get('deps').db, player(c).userId, body.deviceToken, c.req.header('user-agent'));
      return okMessage(c, 'Device token saved');
    },
  );
  return r;
}
