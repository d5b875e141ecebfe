import { useEffect, useState } from 'react';
import { fetchGalidisawarGames, fetchMainGames, fetchStarlineGames } from '../../api/games';
import type { NotificationPrefs, NotificationPrefsBody } from '../../api/notifications';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import type { AnyGame } from '../../contracts/games';
import { tNotify as t } from '../../i18n/en/notify';
import { changeFollow, loadFollow, useFollow } from '../../lib/follow';
import { useLive } from '../../lib/live-status';
import { showError } from '../../lib/toast';
import { useLimitsState } from '../../lib/use-limits';
import { useRead } from '../../lib/use-read';
import { DeviceList } from './device-list';
import { MarketPicker } from './market-picker';
import { PushHere } from './push-here';
import '../../components/paused-note.css';
import './notifications.css';

const RESULT_CHOICES = [
  ['all', 'resultsAll'],
  ['followed', 'resultsFollowed'],
  ['none', 'resultsNone'],
] as const;

function active(games: AnyGame[] | null): AnyGame[] {
  return (games ?? []).filter((g) => g.isActive);
}

/**
 * /notifications: whether alerts can reach this phone (and the way to turn them on: issue 49),
 * which results reach the player's devices (every market, the followed ones, or none), the
 * followed markets, win and fund notifications, and the devices themselves.
 */
export function NotificationsPage() {
  const prefs = useFollow((s) => s.prefs);
  const saving = useFollow((s) => s.saving);
  const live = useLive((s) => s.status === 'live');
  const paused = useLimitsState()?.pause ?? null;
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [devicesKey, setDevicesKey] = useState(0);
  const main = useRead({ store: 'mainGames', ifNoneMatch: fetchMainGames }).data;
  const starline = useRead({ store: 'starlineGames', ifNoneMatch: fetchStarlineGames }).data;
  const gali = useRead({ store: 'galidisawarGames', ifNoneMatch: fetchGalidisawarGames }).data;

  useEffect(() => {
    loadFollow(true).then(() => {
      if (!useFollow.getState().prefs) setFailed(t('loadFailed'));
    });
  }, []);

  const change = async (body: NotificationPrefsBody) => {
    setSaved(false);
    try {
      await changeFollow(body);
      setSaved(true);
    } catch (error) {
      showError((error as Error).message);
    }
  };

  if (!prefs) {
    return (
      <Page title={t('title')} className="notifications">
        {failed ? <p className="form-error">{failed}</p> : <Spinner label={t('loading')} />}
      </Page>
    );
  }
  const follow = (gameId: string, on: boolean) =>
    void change({
      markets: on
        ? [...prefs.markets.filter((m) => m !== gameId), gameId]
        : prefs.markets.filter((m) => m !== gameId),
    });
  const toggle = (field: keyof Pick<NotificationPrefs, 'wins' | 'funds'>) =>
    void change({ [field]: !prefs[field] });

  return (
    <Page title={t('title')} className="notifications">
      <p className="nf-live card-meta">{live ? t('liveOn') : t('liveOff')}</p>
      {paused && new Date(paused.until).getTime() > Date.now() ? (
        <p className="rp-paused">{t('pausedNote')}</p>
      ) : null}
      <section className="card" aria-labelledby="nf-alerts">
        <h2 id="nf-alerts">{t('alertsHeading')}</h2>
        <PushHere onTurnedOn={() => setDevicesKey((k) => k + 1)} />
      </section>
      <section className="card" aria-labelledby="nf-results">
        <h2 id="nf-results">{t('resultsHeading')}</h2>
        <p className="card-meta">{t('resultsHelp')}</p>
        <div className="nf-choices" role="radiogroup" aria-labelledby="nf-results">
          {RESULT_CHOICES.map(([value, label]) => (
            <label key={value} className="nf-choice">
              <input
                type="radio"
                name="results"
                value={value}
                checked={prefs.results === value}
                disabled={saving}
                onChange={() => void change({ results: value })}
              />
              <span>{t(label)}</span>
            </label>
          ))}
        </div>
        {prefs.results === 'followed' ? (
          <>
            <h3>
              {t('marketsHeading')}{' '}
              <span className="nf-count">{t('followedCount', { count: prefs.markets.length })}</span>
            </h3>
            <p className="card-meta">{t('marketsHelp')}</p>
            <MarketPicker
              groups={[
                { family: 'main', games: active(main) },
                { family: 'starline', games: active(starline) },
                { family: 'galidisawar', games: active(gali) },
              ]}
              followed={prefs.markets}
              disabled={saving}
              onChange={follow}
            />
          </>
        ) : null}
      </section>
      <section className="card" aria-labelledby="nf-money">
        <h2 id="nf-money">{t('otherHeading')}</h2>
        {(['wins', 'funds'] as const).map((field) => (
          <label key={field} className="nf-switch">
            <span>
              <span className="nf-switch-label">{t(field)}</span>
              <span className="card-meta">{t(field === 'wins' ? 'winsHelp' : 'fundsHelp')}</span>
            </span>
            <input
              type="checkbox"
              role="switch"
              aria-checked={prefs[field]}
              checked={prefs[field]}
              disabled={saving}
              onChange={() => toggle(field)}
            />
          </label>
        ))}
      </section>
      <p className="nf-saved" role="status">
        {saved && !saving ? t('saved') : ''}
      </p>
      <section className="card" aria-labelledby="nf-devices">
        <h2 id="nf-devices">{t('devicesHeading')}</h2>
        <p className="card-meta">{t('devicesHelp')}</p>
        <DeviceList key={devicesKey} />
      </section>
    </Page>
  );
}
