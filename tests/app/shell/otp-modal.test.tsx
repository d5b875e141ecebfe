import { act, cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OtpModal } from '../../../src/features/auth/otp-modal';

afterEach(cleanup);

function setup(purpose: 'login' | 'registration' | 'password' = 'login') {
  const onVerify = vi.fn();
  const onResend = vi.fn();
  const onCancel = vi.fn();
  render(
    <OtpModal
      purpose={purpose}
      phone="9876543210"
      error={null}
      busy={false}
      onVerify={onVerify}
      onResend={onResend}
      onCancel={onCancel}
    />,
  );
  const boxes = [1, 2, 3, 4].map((n) => screen.getByLabelText(`OTP digit ${n}`) as HTMLInputElement);
  return { onVerify, onResend, onCancel, boxes, verify: screen.getByRole('button', { name: 'Verify' }) };
}

function paste(target: HTMLElement, text: string) {
  const event = createEvent.paste(target, { clipboardData: { getData: () => text } });
  fireEvent(target, event);
}

describe('OTP modal', () => {
  it.each([
    ['login', 'VERIFICATION !'],
    ['registration', 'VERIFICATION !'],
    ['password', 'RESET PASSWORD VERIFICATION'],
  ] as const)('purpose %s is titled %s', (purpose, title) => {
    setup(purpose);
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
  });

  it('shows the phone masked to its last 3 digits', () => {
    setup();
    expect(screen.getByTestId('masked-phone').textContent).toBe('*******210');
    expect(document.body.textContent).not.toContain('9876543210');
  });

  it('keeps Verify disabled until four digits are in; the 4th digit verifies by itself, once', async () => {
    const { boxes, verify, onVerify } = setup();
    const user = userEvent.setup();
    await user.type(boxes[0] as HTMLInputElement, '1');
    await user.type(boxes[1] as HTMLInputElement, '2');
    await user.type(boxes[2] as HTMLInputElement, '3');
    expect((verify as HTMLButtonElement).disabled).toBe(true);
    expect(onVerify).not.toHaveBeenCalled();
    await user.type(boxes[3] as HTMLInputElement, '4');
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(onVerify).toHaveBeenCalledWith('1234');
    // A refused code is not sent again by itself; Verify sends it again, a changed digit verifies.
    await user.click(verify);
    expect(onVerify).toHaveBeenCalledTimes(2);
    await user.type(boxes[3] as HTMLInputElement, '5');
    expect(onVerify).toHaveBeenLastCalledWith('1235');
    expect(onVerify).toHaveBeenCalledTimes(3);
  });

  it('takes digits only', async () => {
    const { boxes } = setup();
    await userEvent.setup().type(boxes[0] as HTMLInputElement, 'a');
    expect(boxes[0]?.value).toBe('');
  });

  it('a pasted code fills every box, ignoring non-digits', () => {
    const { boxes, verify } = setup();
    paste(boxes[0] as HTMLInputElement, ' 48-27 ');
    expect(boxes.map((b) => b.value)).toEqual(['4', '8', '2', '7']);
    expect((verify as HTMLButtonElement).disabled).toBe(false);
  });

  it('submitting an incomplete code shakes the boxes and verifies nothing', async () => {
    const { boxes, onVerify } = setup();
    const user = userEvent.setup();
    await user.type(boxes[0] as HTMLInputElement, '5');
    await user.type(boxes[1] as HTMLInputElement, '{Enter}');
    expect(screen.getByTestId('otp-boxes').className).toContain('shake');
    expect(onVerify).not.toHaveBeenCalled();
  });

  it('Resend counts down from 30 s before the tap, then sends and counts down again', () => {
    vi.useFakeTimers();
    try {
      const { onCancel, onResend } = setup();
      const resend = () => screen.getByRole('button', { name: /^Resend/ }) as HTMLButtonElement;
      // One second at a time: each tick renders and sets the next timer.
      const wait = (seconds: number) => {
        for (let i = 0; i < seconds; i++) act(() => vi.advanceTimersByTime(1000));
      };
      expect(resend().textContent).toBe('Resend in 30 s');
      expect(resend().disabled).toBe(true);
      wait(12);
      expect(resend().textContent).toBe('Resend in 18 s');
      wait(18);
      expect(resend().textContent).toBe('Resend');
      fireEvent.click(resend());
      expect(onResend).toHaveBeenCalledTimes(1);
      expect(resend().textContent).toBe('Resend in 30 s');
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(onCancel).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
