import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { OtpPurpose } from '../../api/types';
import { Modal } from '../../components/modal';
import { maskPhone } from '../../domain/mask';
import { localize } from '../../i18n/core';
import { tOtp as t } from '../../i18n/en/otp';
import { isCompleteOtp, OTP_LENGTH } from '../../lib/auth-validation';
import './otp-modal.css';

const SHAKE_MS = 500;
/** The server's wait between two sends of a code (server/services/auth/otp.ts RESEND_COOLDOWN_SECONDS). */
export const RESEND_WAIT_S = 30;

/**
 * Seconds until Resend may be tapped, counted from the last send (the dialog opens as a code is
 * sent), so the wait is shown before the tap rather than refused after it (issue 49).
 */
function useResendWait(): [number, () => void] {
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, RESEND_WAIT_S - Math.floor((now - sentAt) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000 - ((Date.now() - sentAt) % 1000));
    return () => clearTimeout(timer);
  }, [left, sentAt]);
  return [left, () => setSentAt(Date.now())];
}

function otpTitle(purpose: OtpPurpose): string {
  return purpose === 'password' ? t('otpTitleReset') : t('otpTitle');
}

/**
 * Four digit-only boxes (docs/product.md section 2): typing moves to the next box, Backspace to the
 * previous, a pasted code fills them all, submitting an incomplete code shakes the boxes, and
 * Verify stays disabled until four digits are in. The 4th digit verifies by itself (once per code:
 * a refused code is verified again when a digit changes, or by Verify); Resend counts down first.
 */
export function OtpModal(props: {
  purpose: OtpPurpose;
  phone: string;
  error: string | null;
  busy: boolean;
  onVerify: (otp: string) => void;
  onResend: () => void;
  onCancel: () => void;
  /** Registration only: back to LOGIN with the phone, for a player whose number has an account. */
  onLogin?: () => void;
}) {
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(''));
  const [shaking, setShaking] = useState(false);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const code = digits.join('');
  const [resendIn, sentAgain] = useResendWait();
  const sent = useRef('');
  const { busy, onVerify } = props;

  useEffect(() => {
    if (!isCompleteOtp(code) || busy || sent.current === code) return;
    sent.current = code;
    onVerify(code);
  }, [code, busy, onVerify]);

  useEffect(() => {
    boxes.current[0]?.focus();
  }, []);

  useEffect(() => {
    if (!shaking) return;
    const t = setTimeout(() => setShaking(false), SHAKE_MS);
    return () => clearTimeout(t);
  }, [shaking]);

  const fillFrom = (index: number, text: string) => {
    const incoming = text
      .replace(/\D/g, '')
      .slice(0, OTP_LENGTH - index)
      .split('');
    if (incoming.length === 0) return;
    const next = [...digits];
    incoming.forEach((d, i) => {
      next[index + i] = d;
    });
    setDigits(next);
    boxes.current[Math.min(index + incoming.length, OTP_LENGTH - 1)]?.focus();
  };

  const onChange = (index: number, raw: string) => {
    if (raw === '') {
      const next = [...digits];
      next[index] = '';
      setDigits(next);
      return;
    }
    // Typing into a filled box replaces its digit; an autofilled code fills the boxes from here.
    const old = digits[index] ?? '';
    fillFrom(index, old && raw.startsWith(old) ? raw.slice(old.length) : raw);
  };

  const onKeyDown = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[index] && index > 0) boxes.current[index - 1]?.focus();
    // Browsers skip implicit submission while Verify is disabled, so Enter shakes here.
    if (e.key === 'Enter' && !isCompleteOtp(code)) {
      e.preventDefault();
      setShaking(true);
    }
  };

  const onPaste = (index: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fillFrom(index, e.clipboardData.getData('text'));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!isCompleteOtp(code)) {
      setShaking(true);
      return;
    }
    sent.current = code;
    props.onVerify(code);
  };

  return (
    <Modal title={otpTitle(props.purpose)} onClose={props.onCancel} className="otp-modal">
      <p className="modal-text">
        {t('otpSentTo')} <strong data-testid="masked-phone">{maskPhone(props.phone)}</strong>
      </p>
      <form onSubmit={onSubmit} noValidate>
        <div className={`otp-boxes${shaking ? ' shake' : ''}`} data-testid="otp-boxes">
          {digits.map((d, i) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: the four boxes are positions, not items
              key={i}
              ref={(el) => {
                boxes.current[i] = el;
              }}
              className="otp-box"
              inputMode="numeric"
              autoComplete={i === 0 ? 'one-time-code' : 'off'}
              pattern="[0-9]*"
              maxLength={OTP_LENGTH}
              aria-label={t('otpDigit', { n: i + 1 })}
              value={d}
              onChange={(e) => onChange(i, e.target.value)}
              onKeyDown={(e) => onKeyDown(i, e)}
              onPaste={(e) => onPaste(i, e)}
            />
          ))}
        </div>
        {props.error ? (
          <p className="form-error" role="alert">
            {localize(props.error)}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!isCompleteOtp(code) || props.busy}>
            {t('verify')}
          </button>
        </div>
        <button
          type="button"
          className="link-button resend"
          disabled={resendIn > 0}
          onClick={() => {
            sentAgain();
            props.onResend();
          }}
        >
          {resendIn > 0 ? t('resendIn', { n: resendIn }) : t('resend')}
        </button>
        {props.onLogin ? (
          // The server answers a registered number as a new one (issue 45): its owner gets an SMS
          // saying so instead of a code, and this is the way back to LOGIN.
          <p className="modal-text otp-registered" data-testid="otp-registered">
            {t('registeredHint')}{' '}
            <button type="button" className="link-button" onClick={props.onLogin}>
              {t('loginInstead')}
            </button>
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
