// jsdom has no IndexedDB: the persisted store runs on fake-indexeddb in tests.
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { setUpApi } from '../../src/lib/api-setup';
import { forgetAllReads } from '../../src/lib/saved-reads';

// The client gets its token, language and network watch as the app hands them in (src/main.tsx).
setUpApi();

// react-hot-toast asks for prefers-reduced-motion; jsdom has no matchMedia.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Charts and histories keep their last answer (src/lib/saved-reads.ts); every test starts without.
beforeEach(async () => {
  await forgetAllReads();
});
