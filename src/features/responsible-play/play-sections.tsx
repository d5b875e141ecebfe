import { SELF_EXCLUSION_MONTHS, TIME_OUT_DAYS } from '../../domain/responsible-play';
import { tPlay as t } from '../../i18n/en/play';

/** What the page asks the player to confirm: a time-out, or a self-exclusion (asked twice). */
export type Asking =
  | { kind: 'time-out'; length: number }
  | { kind: 'self-exclusion'; length: number; step: 1 | 2 };

const HELP_TEXT = ['help1', 'help2', 'help3', 'help4'] as const;

/** One card of lengths to choose from. */
function Lengths(props: {
  title: string;
  help: string;
  lengths: readonly number[];
  buttonClass: string;
  label: (n: number) => string;
  onChoose: (n: number) => void;
}) {
  return (
    <section className="card">
      <h2>{props.title}</h2>
      <p className="card-meta">{props.help}</p>
      <div className="rp-choices">
        {props.lengths.map((n) => (
          <button
            key={n}
            type="button"
            className={`btn ${props.buttonClass}`}
            onClick={() => props.onChoose(n)}
          >
            {props.label(n)}
          </button>
        ))}
      </div>
    </section>
  );
}

/** The time-out and self-exclusion lengths; choosing one asks before anything is paused. */
export function PauseChoices({ onAsk }: { onAsk: (asking: Asking) => void }) {
  return (
    <>
      <Lengths
        title={t('timeOutTitle')}
        help={t('timeOutHelp')}
        lengths={TIME_OUT_DAYS}
        buttonClass="btn-secondary"
        label={(d) => (d === 1 ? t('oneDay') : t('days', { n: d }))}
        onChoose={(d) => onAsk({ kind: 'time-out', length: d })}
      />
      <Lengths
        title={t('selfExclusion')}
        help={t('selfExclusionHelp')}
        lengths={SELF_EXCLUSION_MONTHS}
        buttonClass="btn-danger"
        label={(m) => (m === 60 ? t('fiveYears') : t('months', { n: m }))}
        onChoose={(m) => onAsk({ kind: 'self-exclusion', length: m, step: 1 })}
      />
    </>
  );
}

/** Help: the app's own lines, then the operator's (one paragraph a line). */
export function PlayHelp({ operatorHelp }: { operatorHelp: string }) {
  return (
    <section className="card rp-help">
      <h2>{t('help')}</h2>
      {HELP_TEXT.map((key) => (
        <p key={key}>{t(key)}</p>
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
  );
}
