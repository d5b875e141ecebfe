import { useEffect, useState } from 'react';
import { type Device, fetchDevices, removeDevice } from '../../api/notifications';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { currentLanguage } from '../../i18n/core';
import { tNotify as t } from '../../i18n/en/notify';
import { LANGUAGE_TAGS } from '../../i18n/languages';
import { PUSH_OFF_KEY, pushTokenFingerprint } from '../../lib/push-device';
import { showError, showSuccess } from '../../lib/toast';

/** "Chrome on Android", or the part that is known, or "Device". */
export function deviceName(d: Pick<Device, 'browser' | 'os'>): string {
  if (d.browser && d.os) return t('deviceName', { browser: d.browser, os: d.os });
  return d.browser ?? d.os ?? t('unknownDevice');
}

function addedOn(iso: string): string {
  const date = new Intl.DateTimeFormat(LANGUAGE_TAGS[currentLanguage()], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    numberingSystem: 'latn',
  }).format(new Date(iso));
  return t('addedOn', { date });
}

/**
 * The player's devices that receive notifications, this one marked; each can be removed (after a
 * question). Removing this device also keeps the app from registering it again by itself.
 */
export function DeviceList() {
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mine, setMine] = useState<string | null>(null);
  const [asking, setAsking] = useState<Device | null>(null);

  useEffect(() => {
    let live = true;
    void pushTokenFingerprint().then((f) => live && setMine(f));
    fetchDevices()
      .then((d) => live && setDevices(d))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, []);

  const remove = async (d: Device) => {
    setAsking(null);
    try {
      await removeDevice(d._id);
      if (d.fingerprint === mine) localStorage.setItem(PUSH_OFF_KEY, '1');
      setDevices((now) => (now ?? []).filter((x) => x._id !== d._id));
      showSuccess(t('removed'));
    } catch (e) {
      showError((e as Error).message);
    }
  };

  if (error) return <p className="form-error">{error}</p>;
  if (devices === null) return <p className="card-meta">{t('loading')}</p>;
  if (devices.length === 0) return <p className="card-meta">{t('noDevices')}</p>;
  return (
    <>
      <ul className="nf-devices">
        {devices.map((d) => (
          <li key={d._id} className="nf-device">
            <span className="nf-device-name">
              {deviceName(d)}
              {d.fingerprint === mine ? <span className="nf-tag">{t('thisDevice')}</span> : null}
            </span>
            <span className="nf-device-date">{addedOn(d.createdAt)}</span>
            <button type="button" className="btn btn-ghost nf-remove" onClick={() => setAsking(d)}>
              {t('remove')}
            </button>
          </li>
        ))}
      </ul>
      {asking ? (
        <ConfirmDialog
          title={t('removeTitle')}
          message={t('removeQuestion', { device: deviceName(asking) })}
          confirmLabel={t('remove')}
          onConfirm={() => void remove(asking)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}
