import type { GameType } from '../../../domain/types';
import { localize } from '../../../i18n/core';
import type { biddingEn } from '../../../i18n/en/bidding';
import { tBidding as t } from '../../../i18n/en/bidding';
import type { BidScreenConfig } from '../screens';
import type { BidDraft } from '../use-bid-draft';
import { DigitInput } from './digit-input';

type BiddingKey = keyof typeof biddingEn;

type Props = { config: BidScreenConfig; draft: BidDraft; message: string | null };

const CLASSES = ['SP', 'DP', 'TP'] as const;

type OneField = {
  label: BiddingKey;
  /** The key in the draft's inputs that the screen's expander reads (../options.ts). */
  name: string;
  maxLength: number;
  placeholder?: BiddingKey;
};

const MOTOR = { label: 'enterDigits', name: 'digits', maxLength: 20 } as const;
const FILTER: OneField = { label: 'digit', name: 'filter', maxLength: 1, placeholder: 'filter' };

/** Screens whose set comes from one typed field; the other kinds have their own layout below. */
const ONE_FIELD: Partial<Record<GameType, OneField>> = {
  'sp-motor': { ...MOTOR, placeholder: 'fourToTen' },
  'dp-motor': { ...MOTOR, placeholder: 'threeToTen' },
  'two-digit': { label: 'enter2Digits', name: 'digits', maxLength: 2 },
  'group-jodi': { label: 'jodi', name: 'jodi', maxLength: 2 },
  'group-panel': { label: 'panna', name: 'panna', maxLength: 3 },
  'left-digit': FILTER,
  'right-digit': FILTER,
};

/**
 * The fields that build a screen's set of numbers (docs/product.md section 5 filters): a motor's digits,
 * the Sp Dp Tp digit and classes, Odd/Even, two digits, the jodi digits, choice positions, a group's
 * jodi or panna, the left/right one-character filter. Their messages come from the domain expanders
 * and show once the player has typed something.
 */
export function KindInputs({ config, draft, message }: Props) {
  const { inputs } = draft.state;
  const set = (name: string) => (value: string) => draft.dispatch({ type: 'input', name, value });
  const typed = Object.values(inputs).some((v) => v !== '');
  const shown = typed ? message : null;
  const field = ONE_FIELD[config.gameType];
  if (field) {
    return (
      <DigitInput
        label={t(field.label)}
        placeholder={field.placeholder ? t(field.placeholder) : undefined}
        maxLength={field.maxLength}
        value={inputs[field.name] ?? ''}
        onChange={set(field.name)}
        error={shown}
      />
    );
  }
  switch (config.kind) {
    case 'digit-jodi':
      return (
        <div className="bid-row-fields">
          <DigitInput label={t('leftDigit')} maxLength={1} value={inputs.left ?? ''} onChange={set('left')} />
          <DigitInput
            label={t('rightDigit')}
            maxLength={1}
            value={inputs.right ?? ''}
            onChange={set('right')}
          />
          <InlineError message={shown} />
        </div>
      );
    case 'sp-dp-tp':
      return (
        <>
          <DigitInput label={t('digit')} maxLength={1} value={inputs.ank ?? ''} onChange={set('ank')} />
          <ClassSwitches draft={draft} multiple />
          <InlineError message={shown} />
        </>
      );
    case 'choice-panna':
      return (
        <>
          <div className="bid-row-fields">
            <DigitInput label={t('left')} maxLength={1} value={inputs.left ?? ''} onChange={set('left')} />
            <DigitInput
              label={t('middle')}
              maxLength={1}
              value={inputs.middle ?? ''}
              onChange={set('middle')}
            />
            <DigitInput label={t('right')} maxLength={1} value={inputs.right ?? ''} onChange={set('right')} />
          </div>
          <ClassSwitches draft={draft} multiple={false} />
          <InlineError message={shown} />
        </>
      );
    case 'odd-even':
      return (
        <fieldset className="bid-choice">
          <legend>{t('oddOrEven')}</legend>
          {(['Odd', 'Even'] as const).map((c) => (
            <label key={c} className={`bid-chip${inputs.choice === c ? ' is-on' : ''}`}>
              <input
                type="radio"
                name="odd-even"
                checked={inputs.choice === c}
                onChange={() => draft.dispatch({ type: 'input', name: 'choice', value: c })}
              />
              {c === 'Odd' ? t('odd') : t('even')}
            </label>
          ))}
        </fieldset>
      );
    default:
      return null;
  }
}

function InlineError({ message }: { message: string | null }) {
  return message ? (
    <p className="bid-inline-error" role="alert">
      {localize(message)}
    </p>
  ) : null;
}

/** SP / DP / TP: checkboxes for Sp Dp Tp (any of them), a single choice for Choice Panna. */
function ClassSwitches({ draft, multiple }: { draft: BidDraft; multiple: boolean }) {
  const { inputs } = draft.state;
  return (
    <fieldset className="bid-choice">
      <legend>{multiple ? t('motorType') : t('pannaType')}</legend>
      {CLASSES.map((c) => {
        const on = multiple ? inputs[c] === '1' : inputs.cls === c;
        return (
          <label key={c} className={`bid-chip${on ? ' is-on' : ''}`}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={multiple ? c : 'panna-type'}
              checked={on}
              onChange={() =>
                multiple
                  ? draft.dispatch({ type: 'input', name: c, value: on ? '' : '1' })
                  : draft.dispatch({ type: 'input', name: 'cls', value: c })
              }
            />
            {c}
          </label>
        );
      })}
    </fieldset>
  );
}
