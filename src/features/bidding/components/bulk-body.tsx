import { useCallback, useMemo } from 'react';
import { type AmountLimits, validateAmount } from '../../../domain/bid-validation';
import { pannaClass } from '../../../domain/pannas';
import { tBidding as t } from '../../../i18n/en/bidding';
import { showError } from '../../../lib/toast';
import { tileBlockMessage } from '../draft-check';
import type { ScreenOptions } from '../options';
import type { BidScreenConfig } from '../screens';
import type { BidDraft } from '../use-bid-draft';
import { AmountInput } from './amount-input';
import { KindInputs } from './kind-inputs';
import { TileGrid } from './tile-grid';

type Props = { config: BidScreenConfig; draft: BidDraft; options: ScreenOptions; limits: AmountLimits };

/** Kinds whose tiles mix panna classes, so each tile says its class. */
const MIXED_PANNAS = new Set(['sp-dp-tp', 'two-digit', 'group-panel']);

/**
 * Bulk mode (docs/product.md "Bid forms"): the amount first, then a grid of toggles that stay dead
 * until an amount exists; each selected tile carries the amount as a badge.
 */
export function BulkBody({ config, draft, options, limits }: Props) {
  const { amountText, selected } = draft.state;
  const { dispatch } = draft;
  const blockMessage = tileBlockMessage(amountText, config.tileNoun);
  const onTap = useCallback(
    (value: string) => {
      if (blockMessage) showError(blockMessage, blockMessage);
      else dispatch({ type: 'toggle', number: value });
    },
    [blockMessage, dispatch],
  );
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const labelFor = useMemo(() => {
    if (config.kind === 'left-right') {
      const side = config.gameType === 'left-digit' ? t('left') : t('right');
      return () => side;
    }
    return MIXED_PANNAS.has(config.kind) ? (v: string) => pannaClass(v) : undefined;
  }, [config]);
  const amountError = amountText === '' ? null : validateAmount(amountText, limits);
  const allSelected = options.values.length > 0 && options.values.every((v) => selectedSet.has(v));
  // The amount first on every bulk screen, Left and Right Digit too (they had a layout of their own,
  // filter first: issue 39).
  return (
    <>
      <AmountInput
        value={amountText}
        onChange={(text) => dispatch({ type: 'amount', text })}
        error={amountError}
      />
      <KindInputs config={config} draft={draft} message={options.message} />
      {options.values.length > 0 ? (
        <>
          {options.autoSelect ? (
            <button
              type="button"
              className="bid-link"
              onClick={() =>
                blockMessage
                  ? showError(blockMessage, blockMessage)
                  : dispatch({ type: 'select', numbers: allSelected ? [] : options.values })
              }
            >
              {allSelected ? t('clearAll') : t('selectAll')}
            </button>
          ) : null}
          <TileGrid
            values={options.values}
            selected={selectedSet}
            columns={config.columns}
            badge={blockMessage ? null : amountText}
            blocked={blockMessage !== null}
            labelFor={labelFor}
            onTap={onTap}
            ariaLabel={t('numbers')}
          />
        </>
      ) : null}
    </>
  );
}
