import { useEffect } from 'react';
import { tHome as t } from '../i18n/en/home';
import { bellChange, changeFollow, isFollowed, loadFollow, useFollow } from '../lib/follow';
import { showError, showSuccess } from '../lib/toast';
import { BellIcon } from './icons';
import './follow-bell.css';

/**
 * The bell on a market card: follows or unfollows that market's result notifications (lib/follow.ts
 * bellChange). Pressed while the market is followed; greyed while the choices are unknown.
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
    try {
      await changeFollow(bellChange(prefs, props.gameId));
      showSuccess(t(on ? 'unfollowedNow' : 'followedNow', { game: props.gameName }));
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
