import { act, cleanup, render } from '@testing-library/react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadToast, showError, showInfo, showSuccess } from '../../../src/lib/toast';
import { TOASTER_PROPS } from '../../../src/lib/toaster-props';
import { useToastLimit } from '../../../src/lib/use-toast-limit';

// docs/product.md section 9: error 4 s, success 2 s, anything else 5 s, at most 20 on screen.

let visible: () => string[] = () => [];

function Probe() {
  useToastLimit();
  const { toasts } = useToasterStore();
  visible = () => toasts.filter((t) => t.visible).map((t) => String(t.message));
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <>
      <Toaster {...TOASTER_PROPS} />
      <Probe />
    </>,
  );
});
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it.each([
    ['success', 2000, showSuccess],
    ['error', 4000, showError],
    ['info', 5000, showInfo],
  ])('a %s toast closes after %i ms', async (_kind, ms, show) => {
    // The app's toasts load react-hot-toast on first use: raised, then shown once it is there.
    await act(async () => {
      show('Hello');
      await loadToast();
    });
    act(() => vi.advanceTimersByTime(ms - 50));
    expect(visible()).toEqual(['Hello']);
    act(() => vi.advanceTimersByTime(100));
    expect(visible()).toEqual([]);
  });

  it('keeps at most 20 on screen, dismissing the oldest', async () => {
    await act(async () => {
      for (let i = 1; i <= 22; i++) showInfo(`T${i}`);
      await loadToast();
    });
    const shown = visible();
    expect(shown).toHaveLength(20);
    expect(shown).not.toContain('T1');
    expect(shown).not.toContain('T2');
    expect(shown).toContain('T22');
  });
});
