import { create } from 'zustand';
import { fetchNotificationPrefs, type NotificationPrefs, saveNotificationPrefs } from '../api/notifications';
import type { NotificationPrefsBody } from '../contracts/notifications';
import { useAppStore } from '../store/store';

type FollowState = {
  /** The player the choices belong to (another sign-in reads them again). */
  userId: string | null;
  prefs: NotificationPrefs | null;
  saving: boolean;
};

/** The player's notification choices, held in memory for the bells and the Notifications screen. */
export const useFollow = create<FollowState>(() => ({ userId: null, prefs: null, saving: false }));

let reading: Promise<void> | null = null;

/** Reads the choices once per signed-in player (again after `force`); a failure leaves them unknown. */
export function loadFollow(force = false): Promise<void> {
  const userId = useAppStore.getState().user?._id ?? null;
  const held = useFollow.getState();
  if (!force && held.prefs && held.userId === userId) return Promise.resolve();
  reading ??= fetchNotificationPrefs()
    .then((prefs) => useFollow.setState({ prefs, userId }))
    .catch(() => undefined)
    .finally(() => {
      reading = null;
    });
  return reading;
}

/** Saves a change and keeps the server's answer; throws the server's message on failure. */
export async function changeFollow(body: NotificationPrefsBody): Promise<NotificationPrefs> {
  useFollow.setState({ saving: true });
  try {
    const prefs = await saveNotificationPrefs(body);
    useFollow.setState({ prefs, userId: useAppStore.getState().user?._id ?? null });
    return prefs;
  } finally {
    useFollow.setState({ saving: false });
  }
}

/** Whether a market's result pushes are on because the player follows it. */
export function isFollowed(prefs: NotificationPrefs | null, gameId: string): boolean {
  return prefs?.results === 'followed' && prefs.markets.includes(gameId);
}

/**
 * The change a bell tap makes: following a market adds it and turns result pushes to "only the
 * markets I follow" (a player who taps one bell wants that market, not every one); unfollowing
 * takes it out.
 * @example bellChange({results: 'all', markets: [], wins: true, funds: true}, 'g') // {results: 'followed', markets: ['g']}
 */
export function bellChange(prefs: NotificationPrefs, gameId: string): NotificationPrefsBody {
  if (isFollowed(prefs, gameId)) return { markets: prefs.markets.filter((m) => m !== gameId) };
  const markets = prefs.markets.includes(gameId) ? prefs.markets : [...prefs.markets, gameId];
  return { results: 'followed', markets };
}
