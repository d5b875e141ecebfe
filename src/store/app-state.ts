import type { AuthSlice } from './auth-slice';
import type { CacheSlice } from './cache-slice';
import type { GameSlice } from './game-slice';
import type { LanguageSlice } from './language-slice';

/** The whole store: one zustand store made of slices. */
export type AppState = AuthSlice & CacheSlice & GameSlice & LanguageSlice;
