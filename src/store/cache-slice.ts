import type { StateCreator } from 'zustand';
import type { Conditional } from '../api/get';
import type {
  AppLink,
  AppLogo,
  Contact,
  FooterLink,
  GaliGame,
  MainGame,
  Maintenance,
  Notice,
  RatesEntry,
  Referral,
  RequiredUpdate,
  ServerConfig,
  Slider,
  StarlineGame,
  Video,
} from '../api/types';
import type { AppState } from './app-state';
import { emptyLoadable, failed, type Loadable, pending, succeeded } from './loadable';

/** Every server read the app keeps, by name. */
export type CacheData = {
  mainGames: MainGame[];
  starlineGames: StarlineGame[];
  galidisawarGames: GaliGame[];
  sliders: Slider[];
  maintenance: Maintenance;
  serverConfig: ServerConfig;
  contact: Contact;
  appLink: AppLink;
  requiredUpdate: RequiredUpdate;
  notices: Notice[];
  videos: Video[];
  appConfig: AppLogo[];
  footerLinks: FooterLink[];
  referrals: Referral[];
  mainRates: RatesEntry[];
  starlineRates: RatesEntry[];
  galidisawarRates: RatesEntry[];
};

export type CacheKey = keyof CacheData;

export type Cache = { [K in CacheKey]: Loadable<CacheData[K]> };

export const CACHE_KEYS: CacheKey[] = [
  'mainGames',
  'starlineGames',
  'galidisawarGames',
  'sliders',
  'maintenance',
  'serverConfig',
  'contact',
  'appLink',
  'requiredUpdate',
  'notices',
  'videos',
  'appConfig',
  'footerLinks',
  'referrals',
  'mainRates',
  'starlineRates',
  'galidisawarRates',
];

export function emptyCache(): Cache {
  return Object.fromEntries(CACHE_KEYS.map((k) => [k, emptyLoadable()])) as Cache;
}

export type CacheSlice = {
  cache: Cache;
  /** Runs one read through pending, success and failure; answers the data or null on failure. */
  load: <K extends CacheKey>(key: K, fetcher: () => Promise<CacheData[K]>) => Promise<CacheData[K] | null>;
  /** Like load, for polled reads that honour If-None-Match: a 304 only refreshes fetchedAt. */
  loadConditional: <K extends CacheKey>(
    key: K,
    fetcher: (etag: string | null) => Promise<Conditional<CacheData[K]>>,
  ) => Promise<CacheData[K] | null>;
};

export const createCacheSlice: StateCreator<AppState, [], [], CacheSlice> = (set, get) => {
  function put<K extends CacheKey>(key: K, value: Loadable<CacheData[K]>): void {
    set((s) => ({ cache: { ...s.cache, [key]: value } }));
  }
  return {
    cache: emptyCache(),
    load: async (key, fetcher) => {
      put(key, pending(get().cache[key]));
      try {
        const data = await fetcher();
        put(key, succeeded(data, Date.now()));
        return data;
      } catch (error) {
        put(key, failed(get().cache[key], error));
        return null;
      }
    },
    loadConditional: async (key, fetcher) => {
      const prev = get().cache[key];
      // A poll of a list already on screen changes nothing until its answer does: no re-render of
      // the screen before the request, and a 304 only moves fetchedAt (issue 18: /home's blocking time).
      if (prev.data === null) put(key, pending(prev));
      try {
        const answer = await fetcher(prev.data === null ? null : prev.etag);
        const now = Date.now();
        if (answer.notModified) {
          put(key, { ...get().cache[key], loading: false, fetchedAt: now });
          return get().cache[key].data;
        }
        put(key, succeeded(answer.data, now, answer.etag));
        return answer.data;
      } catch (error) {
        put(key, failed(get().cache[key], error));
        return null;
      }
    },
  };
};
