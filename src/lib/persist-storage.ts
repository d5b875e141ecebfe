const ASKED = 'storagePersistAsked';

/**
 * Asks the browser, once, to keep this app's storage (the saved markets, charts and session) out of
 * eviction when the device runs low on space: called after a login. Chromium grants it without a
 * prompt to an installed or engaged site; a browser without the API, or a refusal, changes nothing.
 * Answers whether the storage is persistent.
 */
export async function askPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist || !storage.persisted) return false;
  try {
    if (await storage.persisted()) return true;
    if (localStorage.getItem(ASKED) === '1') return false;
    localStorage.setItem(ASKED, '1');
    return await storage.persist();
  } catch {
    return false;
  }
}
