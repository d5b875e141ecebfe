import { digitCatalogue } from '../../domain/catalogues';
import { choicePanna } from '../../domain/expanders/choice-panna';
import { digitBaseJodi } from '../../domain/expanders/digit-base-jodi';
import { dpMotor } from '../../domain/expanders/dp-motor';
import { groupJodi } from '../../domain/expanders/group-jodi';
import { groupPanel } from '../../domain/expanders/group-panel';
import { leftRightFilter } from '../../domain/expanders/left-right-filter';
import { oddEven } from '../../domain/expanders/odd-even';
import { spDpTp } from '../../domain/expanders/sp-dp-tp';
import { spMotor } from '../../domain/expanders/sp-motor';
import { twoDigit } from '../../domain/expanders/two-digit';
import { RED_BRACKET_JODIS } from '../../domain/jodis';
import { digitRank } from '../../domain/pannas';
import type { ExpanderResult, PannaClass } from '../../domain/types';
import type { BidScreenConfig } from './screens';

export type Inputs = Readonly<Record<string, string>>;

export type ScreenOptions = {
  /** The numbers the screen shows as tiles or amount rows. */
  values: readonly string[];
  /** The expander's message when the inputs do not make a set yet. */
  message: string | null;
  /** A generated set (a motor, a group) is the bet itself: selecting it all is the default. */
  autoSelect: boolean;
};

const fixed = (values: readonly string[]): ScreenOptions => ({ values, message: null, autoSelect: false });

const generated = (r: ExpanderResult): ScreenOptions =>
  r.ok
    ? { values: r.values, message: null, autoSelect: true }
    : { values: [], message: r.message, autoSelect: true };

const CLASSES: readonly PannaClass[] = ['SP', 'DP', 'TP'];

/** Triples by their digit in panna order (0 last, docs/game-rules.md section 1). */
const byPannaOrder = (a: string, b: string): number => digitRank(a[0] ?? '') - digitRank(b[0] ?? '');

/** The numbers a screen offers for its current inputs; every rule comes from the domain expanders. */
export function screenOptions(config: BidScreenConfig, inputs: Inputs): ScreenOptions {
  switch (config.kind) {
    case 'catalogue': {
      const values = digitCatalogue(config.catalogue ?? 'singleDigit').map((d) => d.digit);
      // Pannas stay grouped by ank as on a chart; the ten triples read better as 111 ... 999, 000.
      return fixed(config.catalogue === 'triplePanna' ? [...values].sort(byPannaOrder) : values);
    }
    case 'red-bracket':
      return fixed(RED_BRACKET_JODIS);
    case 'left-right': {
      const side = config.gameType === 'left-digit' ? 'left' : 'right';
      const r = leftRightFilter(digitCatalogue('singleDigit'), inputs.filter ?? '', side);
      const all = digitCatalogue('singleDigit').map((d) => d.digit);
      return r.ok
        ? { values: r.values.map((d) => d.digit), message: null, autoSelect: false }
        : { values: all, message: r.message, autoSelect: false };
    }
    case 'motor':
      return generated(
        config.gameType === 'sp-motor' ? spMotor(inputs.digits ?? '') : dpMotor(inputs.digits ?? ''),
      );
    case 'sp-dp-tp':
      return generated(
        spDpTp(
          inputs.ank ?? '',
          CLASSES.filter((c) => inputs[c] === '1'),
        ),
      );
    case 'odd-even':
      return generated(oddEven(inputs.choice));
    case 'two-digit':
      return generated(twoDigit(inputs.digits ?? ''));
    case 'digit-jodi':
      return generated(digitBaseJodi(inputs.left, inputs.right));
    case 'choice-panna':
      return generated(
        choicePanna(
          { left: inputs.left, middle: inputs.middle, right: inputs.right },
          (inputs.cls as PannaClass | undefined) ?? null,
        ),
      );
    case 'group-jodi':
      return generated(groupJodi(inputs.jodi ?? ''));
    case 'group-panel':
      return generated(groupPanel(inputs.panna ?? ''));
    case 'full-sangam':
    case 'half-sangam':
      return fixed([]);
  }
}
