import { useState } from 'react';
import { tNotify as t } from '../../i18n/en/notify';
import { pushOffHere } from '../../lib/push-device';
import { serviceWorkerRegistration } from '../../lib/pwa';
import { showError } from '../../lib/toast';

/**
 * "Notifications are off on this device" with a button to turn them on again, once the player
 * removed this device from the list (only in a build with push: VITE_FIREBASE_*).
 */
export function PushHere(props: { onTurnedOn: () => void }) {
  const [off, setOff] = useState(pushOffHere);
  const [busy, setBusy] = useState(false);
  if (!import.meta.env.VITE_FIREBASE_PROJECT_ID || !off) return null;
  const turnOn = async () => {
    setBusy(true);
    try {
      const { startPush } = await import('../../lib/push-start');
      await startPush(await serviceWorkerRegistration(), { force: true });
      setOff(pushOffHere());
      props.onTurnedOn();
    } catch (error) {
      showError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="rp-paused nf-off">
      {t('pushOffHere')}{' '}
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void turnOn()}>
        {t('turnOnHere')}
      </button>
    </p>
  );
}
