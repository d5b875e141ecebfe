import { localize } from '../i18n/core';

/**
 * react-hot-toast is not part of the first load (about 4.5 KB gzip with its CSS-in-JS): the app's
 * own toasts load it when they are raised, and its Toaster mounts when first wanted
 * (toaster-slot.tsx). Screens that import it themselves are lazy chunks that toast after a tap.
 */
type Hot = typeof import('react-hot-toast').default;
let hot: Promise<Hot> | undefined;
let wanted = false;
const onWanted = new Set<() => void>();

/** Asks for the Toaster to be mounted (once): a toast is coming or the player has started. */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const f of onWanted) f();
}

export function toasterWanted(): boolean {
  return wanted;
}

/** Calls `f` when the Toaster is first wanted; answers the unsubscribe. */
export function whenToasterWanted(f: () => void): () => void {
  onWanted.add(f);
  return () => onWanted.delete(f);
}

/** react-hot-toast's `toast`, loaded on first use, with the Toaster asked for. */
export function loadToast(): Promise<Hot> {
  wantToaster();
  hot ??= import('react-hot-toast').then((m) => m.default);
  return hot;
}

/** A toast in the player's language (localized now, shown once react-hot-toast is there). */
function raise(
  kind: 'error' | 'success' | 'info' | 'loading',
  message: string,
  id?: string,
  duration?: number,
): void {
  const text = localize(message);
  const options = id || duration ? { id, duration } : undefined;
  void loadToast().then((toast) => (kind === 'info' ? toast : toast[kind])(text, options));
}

/** `id`: one toast however often it is raised, or the loading toast it replaces. */
export function showError(message: string, id?: string): void {
  raise('error', message, id);
}

/**
 * A toast that waits (a bid on its way), replaced by the success or error raised with the same `id`.
 * Toasts keep their order: each waits for the same loading of react-hot-toast.
 */
export function showLoading(message: string, id: string): void {
  raise('loading', message, id);
}

/** `id`: one toast however often it is raised (a payment's confirmation). */
export function showSuccess(message: string, id?: string): void {
  raise('success', message, id);
}

/** `duration`: longer than the usual 5 s for a sentence to read and act on (ms). */
export function showInfo(message: string, duration?: number): void {
  raise('info', message, undefined, duration);
}
