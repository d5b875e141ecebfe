import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  fetchHelpText,
  fetchLimits,
  type LimitsState,
  pauseAccount,
  saveLimits,
} from '../../api/responsible-play';
import { Modal } from '../../components/modal';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { LIMIT_FIELDS, type LimitField, REALITY_CHECK_MINUTES } from '../../domain/responsible-play';
import { localize } from '../../i18n/core';
import { tPlay as t } from '../../i18n/en/play';
import { useMarketTz } from '../../lib/market-tz';
import { useMoneyMode } from '../../lib/money-mode';
import { dayTime, dayYearTime, endInWords, limitLabel, pausedLine, playAmount } from '../../lib/play-words';
import { readKey, saveRead } from '../../lib/saved-reads';
import { showError, showSuccess } from '../../lib/toast';
import { useKeptRead } from '../../lib/use-kept-read';
import { LIMITS_CHANGED } from '../../lib/use-limits';
import { useAppStore } from '../../store/store';
import { type Asking, PauseChoices, PlayHelp } from './play-sections';
import '../../components/chip.css';
import '../../components/paused-note.css';
import './responsible-play.css';

type Draft = Record<LimitField, string>;

/** The player's limits and pause as last read (lib/saved-reads.ts; forgotten at logout). */
const LIMITS_KEY = readKey('private', 'limits');

function draftOf(state: LimitsState): Draft {
  return Object.fromEntries(
    LIMIT_FIELDS.map((f) => [f, state.limits[f] === null ? '' : String(state.limits[f])]),
  ) as Draft;
}

function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/**
 * /responsible-play: the player's limits with usage bars and pending changes, the reality-check
 * interval, a time-out, a self-exclusion (confirmed twice, its end date in words) and help.
 */
export function ResponsiblePlayPage() {
  const tz = useMarketTz();
  const mode = useMoneyMode();
  const [state, setState] = useState<LimitsState | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [operatorHelp, setOperatorHelp] = useState('');

  const apply = useCallback((next: LimitsState) => {
    setState(next);
    setDraft(draftOf(next));
    saveRead(LIMITS_KEY, next);
    window.dispatchEvent(new Event(LIMITS_CHANGED));
  }, []);

  // The limits, kept for offline (issue 39: offline this screen said "Failed to load your limits");
  // a read again (back online) leaves a draft being typed as it is.
  useKeptRead({
    key: LIMITS_KEY,
    fetch: fetchLimits,
    copy: 'offline',
    on: {
      done: (s) => {
        setState(s);
        setDraft((d) => d ?? draftOf(s));
      },
      failed: (e) => setError((e as Error).message),
    },
  });

  useEffect(() => {
    // The operator's help text (helplines, support hours) is optional: without it the advice stays.
    fetchHelpText()
      .then(setOperatorHelp)
      .catch(() => undefined);
  }, []);

  if (error && !state) {
    return (
      <Page title={t('title')}>
        <p className="form-error" role="alert">
          {localize(error)}
        </p>
      </Page>
    );
  }
  if (!state || !draft) return <Spinner label={t('loadingLimits')} />;

  const fields = LIMIT_FIELDS.filter((f) => mode === 'real' || !f.startsWith('deposit'));
  const money = (n: number) => playAmount(n, mode);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, number | null> = {};
    for (const f of fields) {
      const text = draft[f].trim();
      const value = text === '' ? null : Number(text);
      if (value !== null && (!Number.isInteger(value) || value < 0)) {
        showError(t('wholeAmount', { label: limitLabel(f) }));
        return;
      }
      if (value !== state.limits[f]) body[f] = value;
    }
    if (Object.keys(body).length === 0) {
      showSuccess(t('nothingToChange'));
      return;
    }
    setSaving(true);
    try {
      apply(await saveLimits(body));
      showSuccess(t('limitsSaved'));
    } catch (err) {
      showError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const chooseInterval = async (minutes: number) => {
    try {
      apply(await saveLimits({ realityCheckMinutes: minutes as 15 | 30 | 60 }));
      showSuccess(t('remindEvery', { minutes }));
    } catch (err) {
      showError((err as Error).message);
    }
  };

  const pause = async (a: Asking) => {
    setAsking(null);
    try {
      const p = await pauseAccount(a.kind, a.length);
      apply({ ...state, pause: p });
      showSuccess(pausedLine(new Date(p.until), tz));
      // Every screen says the pause from the player the store keeps.
      void useAppStore.getState().refreshUser();
    } catch (err) {
      showError((err as Error).message);
    }
  };

  const now = new Date();
  const endOf = (a: Asking) =>
    a.kind === 'time-out' ? new Date(now.getTime() + a.length * 86_400_000) : addMonths(now, a.length);

  return (
    <Page title={t('title')} className="responsible-play">
      {state.pause ? (
        <p className="rp-paused" role="status">
          {t(state.pause.kind === 'self-exclusion' ? 'pausedSelfExclusion' : 'pausedTimeOut', {
            date: dayYearTime(new Date(state.pause.until), tz),
          })}
        </p>
      ) : null}

      <form className="card rp-limits" onSubmit={(e) => void save(e)} noValidate>
        <h2>{t('yourLimits')}</h2>
        <p className="card-meta">{t('limitsHelp')}</p>
        {fields.map((f) => {
          const limit = state.limits[f];
          const used = state.usage[f];
          const pending = state.pending.find((p) => p.field === f);
          return (
            <div key={f} className="rp-limit">
              <label htmlFor={`limit-${f}`}>{limitLabel(f)}</label>
              <input
                id={`limit-${f}`}
                inputMode="numeric"
                placeholder={t('noLimit')}
                value={draft[f]}
                onChange={(e) =>
                  setDraft({ ...draft, [f]: e.target.value.replace(/[^\d]/g, '').slice(0, 8) })
                }
              />
              {limit !== null ? (
                <>
                  <meter
                    className="rp-bar"
                    aria-label={t('limitUsed', { label: limitLabel(f) })}
                    min={0}
                    max={Math.max(limit, 1)}
                    low={limit * 0.8}
                    high={limit * 0.99}
                    optimum={0}
                    value={Math.min(Math.max(0, used), Math.max(limit, 1))}
                  />
                  <p className="rp-usage">
                    {t('usage', {
                      used: money(Math.max(0, used)),
                      limit: money(limit),
                      when: dayTime(new Date(state.resets[f]), tz),
                    })}
                  </p>
                </>
              ) : null}
              {pending ? (
                <p className="rp-pending">
                  {t('pending', {
                    value: pending.value === null ? t('pendingNone') : money(pending.value),
                    when: dayTime(new Date(pending.effectiveAt), tz),
                  })}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
          {saving ? t('pleaseWait') : t('saveLimits')}
        </button>
      </form>

      <section className="card">
        <h2>{t('realityCheck')}</h2>
        <p className="card-meta">{t('realityHelp')}</p>
        <div className="rp-choices">
          {REALITY_CHECK_MINUTES.map((m) => (
            <button
              key={m}
              type="button"
              className={`fund-chip${state.realityCheckMinutes === m ? ' active' : ''}`}
              aria-pressed={state.realityCheckMinutes === m}
              onClick={() => void chooseInterval(m)}
            >
              {t('minutes', { n: m })}
            </button>
          ))}
        </div>
      </section>

      <PauseChoices onAsk={setAsking} />
      <PlayHelp operatorHelp={operatorHelp} />

      {asking ? (
        <Modal
          title={asking.kind === 'time-out' ? t('askTimeOut') : t('askSelfExclusion')}
          onClose={() => setAsking(null)}
        >
          <p className="modal-text">
            {asking.kind === 'self-exclusion' && asking.step === 2 ? t('areYouSure') : ''}
            {t('noBidsUntil', { date: endInWords(endOf(asking), tz) })}
          </p>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setAsking(null)}>
              {t('cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() =>
                asking.kind === 'self-exclusion' && asking.step === 1
                  ? setAsking({ ...asking, step: 2 })
                  : void pause(asking)
              }
            >
              {asking.kind === 'self-exclusion' && asking.step === 1 ? t('continue') : t('yesPause')}
            </button>
          </div>
        </Modal>
      ) : null}
    </Page>
  );
}
