// jsdom has no IndexedDB: the persisted store runs on fake-indexeddb in tests.
import 'fake-indexeddb/auto';

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
