import type { StateCreator } from 'zustand';
import { logoutOnServer } from '../api/auth';
import type { ErrorBody, User } from '../api/types';
import { fetchUserDetails } from '../api/user';
import { forgetPrivateReads } from '../lib/saved-reads';
import type { AppState } from './app-state';
import { writeCurrentGame } from './current-game';
import { errorBodyOf } from './loadable';
import { clearToken, getToken, setToken } from './token';

/** Session state of docs/product.md section 3. */
export type AuthSlice = {
  isAuthenticated: boolean;
  token: string | null;
  user: User | null;
  userFetchedAt: number | null;
  subadmins: unknown[];
  loading: boolean;
  error: ErrorBody | null;
  /** Stores a fresh login: token in localStorage and in the store, user, authenticated. */
  signIn: (token: string, user: User | null) => void;
  /**
   * The balance a money answer carries (a bid, a withdrawal): the header follows it at once,
   * before (and whether or not) the user refresh that comes after it succeeds.
   */
  setBalance: (balance: number) => void;
  /** The session check: refreshes the user; a dead session clears everything. */
  refreshUser: () => Promise<User | null>;
  /** Forgets the player locally (token, user, current game); used by logout and expiry. */
  clearSession: () => void;
  /** Revokes the token on the server, then clears the session. */
  logout: () => Promise<void>;
};

export const createAuthSlice: StateCreator<AppState, [], [], AuthSlice> = (set, get) => ({
  isAuthenticated: false,
  token: null,
  user: null,
  userFetchedAt: null,
  subadmins: [],
  loading: false,
  error: null,
  signIn: (token, user) => {
    setToken(token);
    set({ token, user, isAuthenticated: true, userFetchedAt: user ? Date.now() : null, error: null });
  },
  setBalance: (balance) => {
    const user = get().user;
    if (user && Number.isFinite(balance)) set({ user: { ...user, balance } });
  },
  refreshUser: async () => {
    set({ loading: true, error: null });
    // The time it was asked for: the copy is what the server had then (lib/language.ts compares).
    const asked = Date.now();
    try {
      const user = await fetchUserDetails();
      set({ user, userFetchedAt: asked, loading: false, isAuthenticated: true, token: getToken() });
      return user;
    } catch (error) {
      set({ loading: false, error: errorBodyOf(error) });
      // A refused token is gone (api/user.ts removed it); a network failure, or a server that
      // cannot answer now (5xx, 429), keeps the session.
      if (!getToken()) get().clearSession();
      return null;
    }
  },
  clearSession: () => {
    clearToken();
    writeCurrentGame(null);
    void forgetPrivateReads();
    set({ token: null, user: null, isAuthenticated: false, userFetchedAt: null, currentGame: null });
  },
  logout: async () => {
    if (getToken()) await logoutOnServer();
    get().clearSession();
  },
});
