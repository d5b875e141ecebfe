import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The Toaster is not part of the first load (src/lib/toaster-slot.tsx): it mounts at the player's
// first touch or key, or with the first toast the app raises on its own. Each test starts from a
// fresh copy of the modules, as a page load does.

async function freshSlot() {
  vi.resetModules();
  const slot = await import('../../../src/lib/toaster-slot');
  const lib = await import('../../../src/lib/toast');
  const hot = (await import('react-hot-toast')).default;
  render(<slot.ToasterSlot />);
  return { lib, hot };
}

beforeEach(() => {
  document.body.innerHTML = '';
});
afterEach(() => cleanup());

describe('the toaster slot', () => {
  it('mounts nothing until wanted, then shows a screen toast raised after the first tap', async () => {
    const { lib, hot } = await freshSlot();
    expect(lib.toasterWanted()).toBe(false);
    // A toast raised before anything wanted the Toaster waits in the store, unseen.
    act(() => void hot.error('Waiting'));
    expect(screen.queryByText('Waiting')).toBeNull();
    fireEvent.pointerDown(window);
    expect(lib.toasterWanted()).toBe(true);
    // A bid screen imports react-hot-toast itself and toasts after a tap.
    act(() => void hot.error('Select market type'));
    expect(await screen.findByText('Select market type')).toBeTruthy();
    expect(screen.getByText('Waiting')).toBeTruthy();
  });

  it('mounts with the first toast the app raises on its own, untouched', async () => {
    const { lib } = await freshSlot();
    lib.showInfo('A new version is available');
    expect(lib.toasterWanted()).toBe(true);
    expect(await screen.findByText('A new version is available')).toBeTruthy();
  });
});
