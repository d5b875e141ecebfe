import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import {
  forgetPassword,
  LOGIN_FAILED,
  login,
  NO_AUTH_TOKEN,
  OTP_FAILED,
  OTP_SEND_FAILED,
  REGISTER_FAILED,
  RESEND_FAILED,
  RESET_FAILED,
  register,
  resendOtp,
  resetPassword,
  verifyOtp,
} from '../../api/auth';
import { toApiError } from '../../api/errors';
import type { OtpPurpose } from '../../api/types';
import { onLanguageChange } from '../../i18n/core';
import { tAuth as t } from '../../i18n/en/auth';
import {
  type AuthErrors,
  type AuthMode,
  type AuthValues,
  EMPTY_VALUES,
  validateAuth,
} from '../../lib/auth-validation';
import { deviceId } from '../../lib/device-id';
import { askPersistentStorage } from '../../lib/persist-storage';
import { storedPushToken } from '../../lib/push';
import { showSuccess } from '../../lib/toast';
import { useAppStore } from '../../store/store';

type OtpState = { purpose: OtpPurpose; phone: string; error: string | null };

/**
 * The form as it stood when the language changed. A new language remounts every screen (main.tsx
 * keys the router by it), so a player who picks a language half-way through SIGN UP would be
 * thrown back to an empty LOGIN; the remounted form starts from this instead (issue 39).
 */
let carried: { mode: AuthMode; values: AuthValues; resetToken: string } | null = null;

/**
 * The login page's state machine (docs/product.md section 4 "Authentication"): login, register and
 * forgot password each send an OTP; verifying it signs in, returns to login, or opens reset.
 */
export function useAuthFlow(initialMode: AuthMode, referralCode?: string) {
  const navigate = useNavigate();
  const signIn = useAppStore((s) => s.signIn);
  const [mode, setMode] = useState<AuthMode>(() => carried?.mode ?? initialMode);
  const [values, setValues] = useState<AuthValues>(() => carried?.values ?? EMPTY_VALUES);
  const [errors, setErrors] = useState<AuthErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [otp, setOtp] = useState<OtpState | null>(null);
  const [busy, setBusy] = useState(false);
  const resetToken = useRef(carried?.resetToken ?? '');
  const latest = useRef({ mode, values });
  latest.current = { mode, values };

  // Kept only across the remount a language change causes, never for a later visit of the page.
  useEffect(() => {
    carried = null;
    return onLanguageChange(() => {
      carried = { ...latest.current, resetToken: resetToken.current };
    });
  }, []);

  const switchMode = (next: AuthMode, keep: Partial<AuthValues> = {}) => {
    setMode(next);
    setValues({ ...EMPTY_VALUES, ...keep });
    setErrors({});
    setFormError(null);
  };

  const setField = (field: keyof AuthValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function run<T>(fallback: string, call: () => Promise<T>): Promise<T | null> {
    setBusy(true);
    setFormError(null);
    try {
      return await call();
    } catch (error) {
      setFormError(toApiError(error, fallback).message);
      return null;
    } finally {
      setBusy(false);
    }
  }

  function answerFailed(answer: { status?: boolean; message?: string } | null, fallback: string): boolean {
    if (!answer) return true;
    if (answer.status === false) {
      setFormError(answer.message || fallback);
      return true;
    }
    return false;
  }

  const openOtp = (purpose: OtpPurpose, phone: string, message?: string) => {
    setOtp({ purpose, phone, error: null });
    showSuccess(message || t('otpSent'));
  };

  const submit = async () => {
    const found = validateAuth(mode, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // The OTP dialog's chunk loads while the request is on its way (login-page.tsx).
    if (mode !== 'reset') void import('./otp-modal');
    const phone = values.phone.trim();
    if (mode === 'login') {
      const answer = await run(LOGIN_FAILED, () => login(phone, values.password));
      if (!answerFailed(answer, LOGIN_FAILED)) openOtp('login', phone);
    } else if (mode === 'register') {
      const input = {
        name: values.name.trim(),
        phone,
        password: values.password,
        adult: values.adult === 'yes',
        referralCode,
        deviceToken: storedPushToken(),
        deviceId: deviceId(),
      };
      const answer = await run(REGISTER_FAILED, () => register(input));
      if (!answerFailed(answer, REGISTER_FAILED)) openOtp('registration', phone);
    } else if (mode === 'forgot') {
      const answer = await run(OTP_SEND_FAILED, () => forgetPassword(phone));
      if (!answerFailed(answer, OTP_SEND_FAILED)) openOtp('password', phone);
    } else {
      const answer = await run(RESET_FAILED, () =>
        resetPassword(phone, values.newPassword, values.confirmPassword, resetToken.current),
      );
      if (answerFailed(answer, RESET_FAILED)) return;
      showSuccess(answer?.message || t('passwordResetDone'));
      switchMode('login', { phone });
    }
  };

  const verify = async (code: string) => {
    if (!otp) return;
    const { purpose, phone } = otp;
    setBusy(true);
    try {
      const answer = await verifyOtp(code, phone, purpose);
      if (answer.status === false) {
        const message = answer.message || OTP_FAILED;
        setOtp({ ...otp, error: message });
        setFormError(message);
        return;
      }
      if (purpose === 'login' || purpose === 'registration') {
        // A new player is signed in by the registration's code: no second code at once (issue 39).
        if (!answer.token) {
          setOtp({ ...otp, error: NO_AUTH_TOKEN });
          return;
        }
        signIn(answer.token, answer.data ?? null);
        void askPersistentStorage();
        setOtp(null);
        if (purpose === 'registration') showSuccess(answer.message || t('registered'));
        await navigate({ to: '/home' });
      } else {
        // The reset grant belongs to this device: verify-otp's one-time token goes with the reset.
        resetToken.current = (answer.data as { resetToken?: string } | undefined)?.resetToken ?? '';
        setOtp(null);
        switchMode('reset', { phone });
      }
    } catch (error) {
      const message = toApiError(error, OTP_FAILED).message;
      setOtp({ ...otp, error: message });
      setFormError(message);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!otp) return;
    try {
      const answer = await resendOtp(otp.phone);
      if (answer.status === false) setOtp({ ...otp, error: answer.message || RESEND_FAILED });
      else {
        setOtp({ ...otp, error: null });
        showSuccess(answer.message || t('otpResent'));
      }
    } catch (error) {
      setOtp({ ...otp, error: toApiError(error, RESEND_FAILED).message });
    }
  };

  return {
    mode,
    values,
    errors,
    formError,
    otp,
    busy,
    switchMode,
    setField,
    submit,
    verify,
    resend,
    cancelOtp: () => setOtp(null),
    /** From the registration code's dialog: LOGIN with the phone kept (its owner has an account). */
    loginInstead: () => {
      const phone = otp?.phone ?? '';
      setOtp(null);
      switchMode('login', { phone });
    },
  };
}
