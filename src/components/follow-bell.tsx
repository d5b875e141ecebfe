import { useEffect } from 'react';
import { tHome as t } from '../i18n/en/home';
import { bellChange, changeFollow, isFollowed, loadFollow, useFollow } from '../lib/follow';
import { showError, showSuccess } from '../lib/toast';
import { BellIcon } from './icons';
import './follow-bell.css';

/**
 * The phone's notification question, asked from the bell's tap when this build has push and the
 * phone has not answered yet (the rest, lib/push-ask.ts, loads after the tap). A build without a
 * Firebase config keeps none of this.
 */
function askAlertsInTap(): Promise<NotificationPermission> | null {
  if (!import.meta.env.VITE_FIREBASE_PROJECT_ID || typeof Notification === 'undefined') return null;
  return Notification.permission === 'default' ? Notification.requestPermission() : null;
}

/**
 * The bell on a market card: follows or unfollows that market's result notifications (lib/follow.ts
 * bellChange) and, on following, turns this phone's alerts on or says plainly why none can come
 * (lib/follow-alerts.ts). Pressed while the market is followed; greyed while the choices are unknown.
 */
export function FollowBell(props: { gameId: string; gameName: string; className?: string }) {
  const prefs = useFollow((s) => s.prefs);
  const saving = useFollow((s) => s.saving);
  const on = isFollowed(prefs, props.gameId);
  useEffect(() => {
    void loadFollow();
  }, []);
  const tap = async () => {
    if (!prefs) return;
    // Following asks for this phone's alerts too: the question goes inside the tap (browsers ask
    // only from one), beside the save; the answer and the device's registration are read after.
    const asked = on ? null : askAlertsInTap();
    try {
      await changeFollow(bellChange(prefs, props.gameId));
      if (on) showSuccess(t('unfollowedNow', { game: props.gameName }));
      else void import('../lib/follow-alerts').then((m) => m.sayFollowed(props.gameName, asked));
    } catch (error) {
      showError(error instanceof Error && error.message ? error.message : t('followFailed'));
    }
  };
  return (
    <button
      type="button"
      className={`follow-bell${on ? ' on' : ''}${props.className ? ` ${props.className}` : ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'unfollow' : 'follow', { game: props.gameName })}
      disabled={!prefs || saving}
      onClick={() => void tap()}
    >
      <BellIcon size={20} on={on} />
    </button>
  );
}
