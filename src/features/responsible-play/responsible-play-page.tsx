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
import {
  formatAmount,
  formatDayTime,
  formatDayYear,
  LIMIT_FIELDS,
  LIMIT_LABELS,
  type LimitField,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_MONTHS,
  TIME_OUT_DAYS,
} from '../../domain/responsible-play';
import { useMarketTz } from '../../lib/market-tz';
import { useMoneyMode } from '../../lib/money-mode';
import { showError, showSuccess } from '../../lib/toast';
import { LIMITS_CHANGED } from './use-pause';
import '../funds/funds.css';
import './responsible-play.css';

type Draft = Record<LimitField, string>;
type Asking = { kind: 'time-out'; length: number } | { kind: 'self-exclusion'; length: number; step: 1 | 2 };

const HELP_TEXT = [
  'Play for fun, with money you can afford to lose. Never chase losses.',
  'Set limits before you play. A lower limit works at once; a higher one only after 24 hours.',
  'A time-out or self-exclusion stops bids and deposits until its end date. Nobody can end it sooner: not you, not us.',
  'Need to talk? Contact us from the menu, or reach a gambling-help service in your area.',
];

function draftOf(state: LimitsState): Draft {
  return Object.fromEntries(
    LIMIT_FIELDS.map((f) => [f, state.limits[f] === null ? '' : String(state.limits[f])]),
  ) as Draft;
}

/** The pause's end in words, e.g. 'Tuesday, 18 May 2027'. */
function endInWords(until: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(until);
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
    window.dispatchEvent(new Event(LIMITS_CHANGED));
  }, []);

  useEffect(() => {
    // The operator's help text (helplines, support hours) is optional: without it the advice stays.
    fetchHelpText()
      .then(setOperatorHelp)
      .catch(() => undefined);
    fetchLimits()
      .then((s) => {
        setState(s);
        setDraft(draftOf(s));
      })
      .catch((e: Error) => setError(e.message));
  }, []);

  if (error && !state) {
    return (
      <Page title="Responsible Play">
        <p className="form-error" role="alert">
          {error}
        </p>
      </Page>
    );
  }
  if (!state || !draft) return <Spinner label="Loading your limits" />;

  const fields = LIMIT_FIELDS.filter((f) => mode === 'real' || !f.startsWith('deposit'));
  const money = (n: number) => formatAmount(n, mode);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, number | null> = {};
    for (const f of fields) {
      const text = draft[f].trim();
      const value = text === '' ? null : Number(text);
      if (value !== null && (!Number.isInteger(value) || value < 0)) {
        showError(`${LIMIT_LABELS[f]}: enter a whole amount, or leave it empty for no limit`);
        return;
      }
      if (value !== state.limits[f]) body[f] = value;
    }
    if (Object.keys(body).length === 0) {
      showSuccess('Nothing to change');
      return;
    }
    setSaving(true);
    try {
      apply(await saveLimits(body));
      showSuccess('Your limits were saved');
    } catch (err) {
      showError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const chooseInterval = async (minutes: number) => {
    try {
      apply(await saveLimits({ realityCheckMinutes: minutes as 15 | 30 | 60 }));
      showSuccess(`You will be reminded every ${minutes} minutes`);
    } catch (err) {
      showError((err as Error).message);
    }
  };

  const pause = async (a: Asking) => {
    setAsking(null);
    try {
      const p = await pauseAccount(a.kind, a.length);
      apply({ ...state, pause: p });
      showSuccess(`Your account is paused until ${formatDayYear(new Date(p.until), tz)}`);
    } catch (err) {
      showError((err as Error).message);
    }
  };

  const now = new Date();
  const endOf = (a: Asking) =>
    a.kind === 'time-out' ? new Date(now.getTime() + a.length * 86_400_000) : addMonths(now, a.length);

  return (
    <Page title="Responsible Play" className="responsible-play">
      {state.pause ? (
        <p className="rp-paused" role="status">
          {state.pause.kind === 'self-exclusion' ? 'Self-exclusion' : 'Time-out'}: your account is paused
          until {formatDayYear(new Date(state.pause.until), tz)}. Bids and deposits stop until then;
          withdrawals still work.
        </p>
      ) : null}

      <form className="card rp-limits" onSubmit={(e) => void save(e)} noValidate>
        <h2>Your limits</h2>
        <p className="card-meta">
          Leave a box empty for no limit. A lower limit works at once; a higher one (or none) after 24 hours.
        </p>
        {fields.map((f) => {
          const limit = state.limits[f];
          const used = state.usage[f];
          const pending = state.pending.find((p) => p.field === f);
          return (
            <div key={f} className="rp-limit">
              <label htmlFor={`limit-${f}`}>{LIMIT_LABELS[f]}</label>
              <input
                id={`limit-${f}`}
                inputMode="numeric"
                placeholder="No limit"
                value={draft[f]}
                onChange={(e) =>
                  setDraft({ ...draft, [f]: e.target.value.replace(/[^\d]/g, '').slice(0, 8) })
                }
              />
              {limit !== null ? (
                <>
                  <meter
                    className="rp-bar"
                    aria-label={`${LIMIT_LABELS[f]} used`}
                    min={0}
                    max={Math.max(limit, 1)}
                    low={limit * 0.8}
                    high={limit * 0.99}
                    optimum={0}
                    value={Math.min(Math.max(0, used), Math.max(limit, 1))}
                  />
                  <p className="rp-usage">
                    {money(Math.max(0, used))} of {money(limit)} used · resets{' '}
                    {formatDayTime(new Date(state.resets[f]), tz)}
                  </p>
                </>
              ) : null}
              {pending ? (
                <p className="rp-pending">
                  Pending: {pending.value === null ? 'no limit' : money(pending.value)} from{' '}
                  {formatDayTime(new Date(pending.effectiveAt), tz)}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
          {saving ? 'Please wait...' : 'Save limits'}
        </button>
      </form>

      <section className="card">
        <h2>Reality check</h2>
        <p className="card-meta">While you play, a reminder shows your time and money spent every:</p>
        <div className="rp-choices">
          {REALITY_CHECK_MINUTES.map((m) => (
            <button
              key={m}
              type="button"
              className={`fund-chip${state.realityCheckMinutes === m ? ' active' : ''}`}
              aria-pressed={state.realityCheckMinutes === m}
              onClick={() => void chooseInterval(m)}
            >
              {m} min
            </button>
          ))}
        </div>
      </section>

      <section className="card">
        <h2>Take a break (time-out)</h2>
        <p className="card-meta">No bids or deposits until it ends. It cannot be shortened.</p>
        <div className="rp-choices">
          {TIME_OUT_DAYS.map((d) => (
            <button
              key={d}
              type="button"
              className="btn btn-secondary"
              onClick={() => setAsking({ kind: 'time-out', length: d })}
            >
              {d === 1 ? '1 day' : `${d} days`}
            </button>
          ))}
        </div>
      </section>

      <section className="card">
        <h2>Self-exclusion</h2>
        <p className="card-meta">
          For a long break: no bids or deposits for months. It cannot be shortened or lifted by you or by us.
        </p>
        <div className="rp-choices">
          {SELF_EXCLUSION_MONTHS.map((m) => (
            <button
              key={m}
              type="button"
              className="btn btn-danger"
              onClick={() => setAsking({ kind: 'self-exclusion', length: m, step: 1 })}
            >
              {m === 60 ? '5 years' : `${m} months`}
            </button>
          ))}
        </div>
      </section>

      <section className="card rp-help">
        <h2>Help</h2>
        {HELP_TEXT.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {operatorHelp
          .split('\n')
          .filter((line) => line.trim())
          .map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the operator's lines may repeat
            <p key={i} className="rp-operator-help">
              {line}
            </p>
          ))}
      </section>

      {asking ? (
        <Modal
          title={asking.kind === 'time-out' ? 'Start a time-out?' : 'Exclude yourself?'}
          onClose={() => setAsking(null)}
        >
          <p className="modal-text">
            {asking.kind === 'self-exclusion' && asking.step === 2
              ? 'Are you sure? This cannot be undone. '
              : ''}
            You will not be able to bid or add funds until {endInWords(endOf(asking), tz)}.
          </p>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setAsking(null)}>
              Cancel
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
              {asking.kind === 'self-exclusion' && asking.step === 1 ? 'Continue' : 'Yes, pause my account'}
            </button>
          </div>
        </Modal>
      ) : null}
    </Page>
  );
}
