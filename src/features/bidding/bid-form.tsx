import { useCallback, useEffect, useMemo, useState } from 'react';
import { TimeText } from '../../components/time-text';
import { BET_TYPES } from '../../domain/bet-types';
import { type AmountLimits, parseAmount } from '../../domain/bid-validation';
import { dateTimeLabel } from '../../domain/format';
import { BID_AFTER_CLOSE } from '../../domain/messages';
import type { GameType, Rates } from '../../domain/types';
import {
  checkBidWindow,
  currentMarketDay,
  type Declared,
  type GameTimes,
  sessionCloseAt,
} from '../../domain/windows';
import { localize } from '../../i18n/core';
import { tBidding as t } from '../../i18n/en/bidding';
import { bidTitle, type TitleGame } from '../../lib/bid-title';
import { useMoneyMode } from '../../lib/money-mode';
import { usePausedMessage } from '../../lib/paused-message';
import { showError } from '../../lib/toast';
import { useAppStore } from '../../store/store';
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
import { shownRates } from './row-rates';
import type { BidScreenConfig } from './screens';
import { sessionOptions } from './session-options';
import { useBidDraft } from './use-bid-draft';
import { type PlaceBids, useBidSubmit } from './use-bid-submit';

const NONE: Declared = { open: false, close: false };

/**
 * Whether a main bet picks a market type: session bets and half sangam (its variant) do; whole-day
 * bets (jodi, digit-base jodi, red bracket, group jodi, full sangam) have no session of their own
 * (docs/game-rules.md section 4). They are sent as Open (docs/api.md) but the screen does not ask.
 */
function picksSession(gameType: GameType): boolean {
  return BET_TYPES[gameType].sessionKind === 'session' || gameType === 'half-sangam';
}

/** 'For the whole day: bids close at 10:15 AM', or why they are closed. */
function WholeDayNote(props: { times: GameTimes; open: boolean; now: Date; tz: string }) {
  const { times, now, tz } = props;
  if (!props.open)
    return (
      <p className="bid-closed" role="status">
        {localize(BID_AFTER_CLOSE)}
      </p>
    );
  const cutOff = sessionCloseAt(times, currentMarketDay(times, now, tz), 'Open', tz);
  const [, time] = dateTimeLabel(cutOff.toISOString(), tz);
  return <p className="bid-whole-day">{t('wholeDayUntil', { time })}</p>;
}

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
  /** Opens Add Fund, offered when the balance is short (the screen passes the router's way). */
  onAddFund?: () => void;
  /** Reads the family's rates again (the server said a rate shown in the dialog changed). */
  onRatesChanged?: () => void;
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
  onAddFund,
  onRatesChanged,
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
  const { submitting, submit, notice, clearNotice } = useBidSubmit(place, placed, onRatesChanged);
  const balance = useAppStore((s) => (s.user ? s.user.balance : null));
  const cash = useMoneyMode() === 'real';
  const asksSession = family === 'main' && picksSession(config.gameType);
  // A time-out or self-exclusion: every bid button says why (the server refuses the bid anyway).
  const paused = usePausedMessage();

  // The dialog closes when its last row is deleted (docs/product.md section 4).
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
    if (problem) showError(problem.message, problem.message);
    else {
      clearNotice();
      setDialogOpen(true);
    }
  };
  // The rows as sent, each with the rate the dialog shows and keeps for it (its Wins column).
  const bidDate = currentMarketDay(times, now, tz);
  const rated = useMemo(
    () =>
      shownRates(toRows(entries, { family, gameId: game.gameId, gameType: config.gameType, bidDate }), rates),
    [entries, family, game.gameId, config.gameType, bidDate, rates],
  );
  const confirm = () => {
    void submit(rated.rows);
  };
  const leftRightReady = parseAmount(draft.state.amountText) !== null && draft.state.selected.length > 0;
  const sangam = config.kind === 'full-sangam' || config.kind === 'half-sangam';
  return (
    <section className="bid-screen" aria-labelledby="bid-title">
      <h1 id="bid-title" className="bid-title">
        <TimeText text={bidTitle(config.gameType, rates, game)} />
      </h1>
      {drawClosed ? (
        <p className="bid-closed" role="status">
          {drawClosed}
        </p>
      ) : null}
      {asksSession ? (
        <SessionSelect options={sessions} value={draft.state.session} onChange={draft.changeSession} />
      ) : null}
      {family === 'main' && !asksSession ? (
        <WholeDayNote times={times} open={sessions.length > 0} now={now} tz={tz} />
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
        disabled={
          paused !== null ||
          (config.kind === 'left-right' && !leftRightReady) ||
          (family === 'main' && !asksSession && sessions.length === 0)
        }
        onSubmit={openDialog}
      />
      {dialogOpen ? (
        <ConfirmDialog
          gameName={game.gameName}
          entries={entries}
          wins={rated.wins}
          submitting={submitting}
          showSession={asksSession}
          balance={balance}
          onAddFund={cash ? onAddFund : undefined}
          notice={notice}
          onDelete={(key) => dispatch({ type: 'remove', key })}
          onReset={() => {
            dispatch({ type: 'reset' });
            setDialogOpen(false);
          }}
          onSubmit={confirm}
          onClose={() => {
            clearNotice();
            setDialogOpen(false);
          }}
        />
      ) : null}
    </section>
  );
}
