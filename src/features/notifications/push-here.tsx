import { useState } from 'react';
import { tNotify as t } from '../../i18n/en/notify';
import { alertsWords } from '../../lib/follow-alerts';
import { type AlertsHere, alertsHere, askPermissionNow, turnOnAlerts } from '../../lib/push-ask';

/**
 * "Alerts on this phone": on, off with a button that asks the phone and registers it (also after
 * the player removed this device from the list), or why none can come here (no Firebase config in
 * this build, a browser without push, iPhone Safari before the app is installed, a refused
 * permission).
 */
export function PushHere(props: { onTurnedOn: () => void }) {
  const [state, setState] = useState<AlertsHere>(alertsHere);
  const [busy, setBusy] = useState(false);
  const turnOn = async () => {
    // The phone's question inside the tap (browsers ask only from one).
    const asked = askPermissionNow();
    setBusy(true);
    try {
      const now = await turnOnAlerts(asked);
      setState(now);
      if (now === 'on') props.onTurnedOn();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={`nf-alerts ${state === 'on' ? 'on' : 'off'}`} role="status">
      <p>{alertsWords(state)}</p>
      {state === 'ask' || state === 'failed' ? (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void turnOn()}>
          {t('alertsTurnOn')}
        </button>
      ) : null}
    </div>
  );
}
