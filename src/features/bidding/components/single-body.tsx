import { useCallback } from 'react';
import type { ScreenOptions } from '../options';
import type { BidScreenConfig } from '../screens';
import type { BidDraft } from '../use-bid-draft';
import { KindInputs } from './kind-inputs';
import { SingleAmountList } from './single-amount-list';

type Props = {
  config: BidScreenConfig;
  draft: BidDraft;
  options: ScreenOptions;
  invalidValue: string | null;
};

/** Single mode: one amount input per number (a motor first builds its numbers from the digits typed). */
export function SingleBody({ config, draft, options, invalidValue }: Props) {
  const { dispatch } = draft;
  const onChange = useCallback(
    (number: string, text: string) => dispatch({ type: 'single', number, text }),
    [dispatch],
  );
  return (
    <>
      <KindInputs config={config} draft={draft} message={options.message} />
      <SingleAmountList
        values={options.values}
        amounts={draft.state.singleAmounts}
        invalidValue={invalidValue}
        onChange={onChange}
      />
    </>
  );
}
