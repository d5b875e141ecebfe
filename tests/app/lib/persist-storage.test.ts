import { afterEach, describe, expect, it, vi } from 'vitest';
import { askPersistentStorage } from '../../../src/lib/persist-storage';

function stubStorage(persisted: boolean, grant: boolean) {
  const persist = vi.fn(async () => grant);
  vi.stubGlobal('navigator', { ...navigator, storage: { persisted: async () => persisted, persist } });
  return persist;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('askPersistentStorage', () => {
  it('asks once, and not again after a refusal', async () => {
    const persist = stubStorage(false, false);
    expect(await askPersistentStorage()).toBe(false);
    expect(await askPersistentStorage()).toBe(false);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('answers true when the browser grants it', async () => {
    const persist = stubStorage(false, true);
    expect(await askPersistentStorage()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the storage is already persistent', async () => {
    const persist = stubStorage(true, true);
    expect(await askPersistentStorage()).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('does nothing in a browser without the API', async () => {
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    expect(await askPersistentStorage()).toBe(false);
  });
});
