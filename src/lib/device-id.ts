const KEY = 'matka-device-id';

/**
 * A random id for this install of the app, kept in localStorage, sent as X-Device-Id when a player
 * registers (the operators' risk flags compare registrations by it). Not a fingerprint: clearing
 * the site's data makes a new one. Undefined where storage is unavailable.
 * @example deviceId() // '3b0c6f0e-6a43-4d1e-9a0b-2f4b5d1e7c11' (the same on every call)
 */
export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
