import { useCallback, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { type AmountLimits, parseAmount } from '../../domain/bid-validation';
import type { Rates } from '../../domain/types';
import { checkBidWindow, currentMarketDay, type Declared, type GameTimes } from '../../domain/windows';
import { usePausedMessage } from '../responsible-play/use-pause';
import { bidTitle, type TitleGame } from './bid-title';
import { toRows } from './build-rows';
import { BulkBody } from './components/bulk-body';
import { ConfirmDialog } from './components/confirm-dialog';
import { FullSangamBody } from './components/full-sangam-body';
import { HalfSangamBody } from './components/half-sangam-body';
import { SessionSelect } from './components/session-select';
import { SingleBody } from './components/single-body';
import { TotalBar } from './components/total-bar';
import { checkDraft } from './draft-check';
import { screenOptions } from './options';
import type { BidScreenConfig } from './screens';
import { sessionOptions } from './session-options';
import { useBidDraft } from './use-bid-draft';
import { type PlaceBids, useBidSubmit } from './use-bid-submit';

const NONE: Declared = { open: false, close: false };

export type BidFormProps = {
  config: BidScreenConfig;
  game: TitleGame & { gameId: string };
  times: GameTimes;
  /** Today's declared results: a declared session takes no more bids. */
  declared?: Declared;
  limits: AmountLimits;
  rates: Rates | null;
  now: Date;
  tz: string;
  place: PlaceBids;
  /** Called with the server's answer (it carries the new balance). */
  onPlaced: (answer: unknown) => void;
};

/** One bid screen: title, market type, the mode's body, Total Points, and the confirmation dialog. */
export function BidForm({
  config,
  game,
  times,
  declared,
  limits,
  rates,
  now,
  tz,
  place,
  onPlaced,
}: BidFormProps) {
  const family = times.family;
  const sessions = useMemo(
    () => sessionOptions(times, config.gameType, now, tz, declared),
    [times, config.gameType, now, tz, declared],
  );
  // One-draw games have no market type to say the draw has passed; say it here instead.
  const drawClosed =
    family === 'main'
      ? null
      : checkBidWindow({
          game: times,
          gameType: config.gameType,
          session: null,
          now,
          tz,
          declared: declared ?? NONE,
        });
  const draft = useBidDraft(config, sessions);
  const options = useMemo(() => screenOptions(config, draft.state.inputs), [config, draft.state.inputs]);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [invalidValue, setInvalidValue] = useState<string | null>(null);
  const { dispatch, entries } = draft;
  const placed = useCallback(
    (answer: unknown) => {
      dispatch({ type: 'reset' });
      setDialogOpen(false);
      onPlaced(answer);
    },
    [dispatch, onPlaced],
  );
  const { submitting, submit } = useBidSubmit(place, placed);
  // A time-out or self-exclusion: every bid button says why (the server refuses the bid anyway).
  const paused = usePausedMessage();

  // The dialog closes when its last row is deleted (product.md section 4).
  useEffect(() => {
    if (dialogOpen && entries.length === 0) setDialogOpen(false);
  }, [dialogOpen, entries.length]);

  const openDialog = () => {
    const problem = checkDraft(draft.state, config, {
      needsSession: family === 'main',
      limits,
      optionsMessage: options.message,
    });
    setInvalidValue(problem?.digit ?? null);
    if (problem) toast.error(problem.message, { id: problem.message });
    else setDialogOpen(true);
  };
  const confirm = () => {
    const bidDate = currentMarketDay(times, now, tz);
    void submit(toRows(entries, { family, gameId: game.gameId, gameType: config.gameType, bidDate }));
  };
  const leftRightReady = parseAmount(draft.state.amountText) !== null && draft.state.selected.length > 0;
  const sangam = config.kind === 'full-sangam' || config.kind === 'half-sangam';
  return (
    <section className="bid-screen" aria-labelledby="bid-title">
      <h1 id="bid-title" className="bid-title">
        {bidTitle(config.gameType, rates, game)}
      </h1>
      {drawClosed ? (
        <p className="bid-closed" role="status">
          {drawClosed}
        </p>
      ) : null}
      {family === 'main' ? (
        <SessionSelect options={sessions} value={draft.state.session} onChange={draft.changeSession} />
      ) : null}
      {config.kind === 'full-sangam' ? <FullSangamBody draft={draft} limits={limits} /> : null}
      {config.kind === 'half-sangam' ? <HalfSangamBody draft={draft} limits={limits} /> : null}
      {!sangam && config.mode === 'single' ? (
        <SingleBody config={config} draft={draft} options={options} invalidValue={invalidValue} />
      ) : null}
      {!sangam && config.mode === 'bulk' ? (
        <BulkBody config={config} draft={draft} options={options} limits={limits} />
      ) : null}
      <TotalBar
        total={draft.total}
        label={paused ?? config.submitLabel}
        disabled={paused !== null || (config.kind === 'left-right' && !leftRightReady)}
        onSubmit={openDialog}
      />
      {dialogOpen ? (
        <ConfirmDialog
          gameName={game.gameName}
          entries={entries}
          submitting={submitting}
          onDelete={(key) => dispatch({ type: 'remove', key })}
          onReset={() => {
            dispatch({ type: 'reset' });
            setDialogOpen(false);
          }}
          onSubmit={confirm}
          onClose={() => setDialogOpen(false)}
        />
      ) : null}
    </section>
  );
}
