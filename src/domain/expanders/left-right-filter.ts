import { ONLY_DIGITS } from '../messages';
import type { ExpanderResult } from '../types';

/**
 * The one-character digit filter of the Left/Right Digit screens (docs/product.md section 5). Left
 * matches an option's first character; right matches the number's last digit (a single-digit
 * option matches itself). An empty filter keeps every option.
 * @example leftRightFilter([{digit: '12'}, {digit: '21'}], '1', 'left') // [{digit: '12'}]
 */
export function leftRightFilter<T extends { digit: string }>(
  options: readonly T[],
  filter: string,
  side: 'left' | 'right',
): ExpanderResult<T> {
  const f = filter.trim();
  if (f === '') return { ok: true, values: [...options] };
  if (!/^[0-9]$/.test(f)) return { ok: false, message: ONLY_DIGITS };
  const values = options.filter((o) => (side === 'left' ? o.digit.at(0) : o.digit.at(-1)) === f);
  return { ok: true, values };
}
