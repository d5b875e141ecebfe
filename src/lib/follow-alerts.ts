import { type notifyEn, tNotify as t } from '../i18n/en/notify';
import { type AlertsHere, turnOnAlerts } from './push-ask';
import { showInfo, showSuccess } from './toast';

/** What each state of this phone's alerts is called (the Notifications screen and the bell). */
const WORDS: Record<AlertsHere, keyof typeof notifyEn> = {
  on: 'alertsOn',
  ask: 'alertsAsk',
  'no-config': 'alertsNoConfig',
  unsupported: 'alertsUnsupported',
  'ios-install': 'alertsIosInstall',
  refused: 'alertsRefused',
  failed: 'alertsFailed',
};

/** The words for a state of this phone's alerts (issue 49: say plainly why none can come). */
export function alertsWords(state: AlertsHere): string {
  return t(WORDS[state]);
}

/** Long enough to read a reason and what to do about it. */
const REASON_MS = 9000;

/**
 * After a bell followed a market: alerts on this phone (the permission asked in the tap, then the
 * device registered), or the plain reason none can come (issue 49: the toast promised results
 * the phone could not receive). Loaded after the tap, not with home.
 */
export async function sayFollowed(game: string, asked: Promise<NotificationPermission> | null) {
  const state = await turnOnAlerts(asked);
  if (state === 'on') {
    showSuccess(t('followedAlerts', { game }));
    return;
  }
  // A question dismissed without an answer: nothing is wrong, the alerts just wait for a yes.
  const why = state === 'ask' ? t('alertsNotYet') : alertsWords(state);
  showInfo(`${t('followedNoAlerts', { game })} ${why}`, REASON_MS);
}
