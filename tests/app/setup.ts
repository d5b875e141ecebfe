// jsdom has no IndexedDB: the persisted store runs on fake-indexeddb in tests.
import 'fake-indexeddb/auto';
