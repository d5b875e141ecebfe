import type { AuthSlice } from './auth-slice';
import type { CacheSlice } from './cache-slice';
import type { GameSlice } from './game-slice';

/** The whole store: one zustand store made of slices. */
export type AppState = AuthSlice & CacheSlice & GameSlice;
