import { useState } from 'react';
import { formatTime12 } from '../domain/format';
import { consoleConfig } from './config';
import type { Family } from './market';
import { marketNow, timesText } from './market-now';
import type { DaySchedule, GaliGame, MainGame, StarlineGame } from './types';
import { ConfirmButton } from './ui/confirm';

// One market on the Markets screen (markets.tsx): a one-line summary that opens into its times,
// its open/closed switch and (main markets) its weekdays. Every change asks first, naming what
// players will see.

/** A game of any family, as its family's list answers it. */
export type MarketGame = MainGame | StarlineGame | GaliGame;

/** What the card's changes write: a body for PUT {family path}/{id} and the line to show after. */
export type SaveMarket = (body: Record<string, unknown>, text: string) => Promise<boolean>;

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
type Weekday = (typeof WEEKDAYS)[number];
const short = (d: Weekday) => d.charAt(0).toUpperCase() + d.slice(1, 3);
const dayList = (days: Weekday[]) => (days.length ? days.map(short).join(', ') : 'none');

export function MarketCard({ game, family, save }: { game: MarketGame; family: Family; save: SaveMarket }) {
  const state = marketNow(game, new Date(), consoleConfig().marketTz);
  return (
    <li className="item market" aria-label={game.gameName}>
      <details>
        <summary>
          <strong>{game.gameName}</strong> <span className="meta">{timesText(game)}</span>{' '}
          <span className={`tag ${state.tone}`}>{state.text}</span>
        </summary>
        <div className="market-edit">
          <Times game={game} family={family} save={save} />
          <OpenSwitch game={game} save={save} />
          {family === 'main' && game.schedule ? <Weekdays game={game} save={save} /> : null}
        </div>
      </details>
    </li>
  );
}

/** A market's times, edited in place (a weekday's own times stay as they are). */
function Times({ game, family, save }: { game: MarketGame; family: Family; save: SaveMarket }) {
  const [open, setOpen] = useState(game.openTime);
  const [close, setClose] = useState(game.closeTime ?? '');
  const main = family === 'main';
  const changed = open !== game.openTime || (main && close !== (game.closeTime ?? ''));
  const body = main ? { openTime: open, closeTime: close } : { openTime: open };
  return (
    <fieldset>
      <legend>{main ? 'Times (Open session closes, Close session closes)' : 'Draw time'}</legend>
      <div className="decide">
        <input
          type="time"
          aria-label={`${game.gameName} opens`}
          value={open}
          onChange={(e) => setOpen(e.target.value)}
        />
        {main ? (
          <input
            type="time"
            aria-label={`${game.gameName} closes`}
            value={close}
            onChange={(e) => setClose(e.target.value)}
          />
        ) : null}
        <ConfirmButton
          label="Save times"
          ariaLabel={`Save times of ${game.gameName}`}
          disabled={!changed}
          check={() => (open && (!main || close) ? null : 'Give both times')}
          question={`Change ${game.gameName} to ${main ? `${formatTime12(open)}-${formatTime12(close)}` : `a draw at ${formatTime12(open)}`} (was ${timesText(game)})? Players' bids follow the new times at once.`}
          yes="Save times"
          onConfirm={() => save(body, `${game.gameName}: times saved`)}
        />
      </div>
    </fieldset>
  );
}

/**
 * Closing a market stops its bids from now on, and it stays closed (on the next days too) until an
 * operator opens it again: the question says so.
 */
function OpenSwitch({ game, save }: { game: MarketGame; save: SaveMarket }) {
  const open = game.currentMarketStatus;
  return (
    <fieldset>
      <legend>Taking bids</legend>
      <div className="decide">
        <span>{open ? 'Open' : 'Closed by an operator'}</span>
        <ConfirmButton
          label={open ? `Close ${game.gameName}` : `Open ${game.gameName}`}
          danger={open}
          question={
            open
              ? `Close ${game.gameName} now? Players see "Market Closed" and cannot bid on it, today and every day after, until an operator opens it again. Bids already placed stay.`
              : `Open ${game.gameName} again? Players can bid on it within its times and weekdays.`
          }
          yes={open ? `Close ${game.gameName}` : `Open ${game.gameName}`}
          onConfirm={() =>
            save(
              { currentMarketStatus: !open },
              open ? `${game.gameName} closed until opened again` : `${game.gameName} opened`,
            )
          }
        />
      </div>
    </fieldset>
  );
}

/** A main market's weekdays: ticked days are open; changes are saved together after a question. */
function Weekdays({ game, save }: { game: MarketGame; save: SaveMarket }) {
  const schedule = game.schedule as Record<Weekday, DaySchedule>;
  const saved = (d: Weekday) => schedule[d]?.marketStatus === true;
  const [ticks, setTicks] = useState<Partial<Record<Weekday, boolean>>>({});
  const ticked = (d: Weekday) => ticks[d] ?? saved(d);
  const changed = WEEKDAYS.filter((d) => ticked(d) !== saved(d));
  const opening = changed.filter(ticked);
  const closing = changed.filter((d) => !ticked(d));
  return (
    <fieldset>
      <legend>Open on these weekdays</legend>
      <div className="decide weekdays">
        {WEEKDAYS.map((d) => (
          <label key={d} className="check">
            <input
              type="checkbox"
              checked={ticked(d)}
              aria-label={`${game.gameName} open on ${d}`}
              onChange={(e) => setTicks({ ...ticks, [d]: e.target.checked })}
            />
            {short(d)}
          </label>
        ))}
        <ConfirmButton
          label="Save weekdays"
          ariaLabel={`Save weekdays of ${game.gameName}`}
          disabled={changed.length === 0}
          question={`Save ${game.gameName}'s weekdays? ${opening.length ? `Open from now on: ${dayList(opening)}. ` : ''}${closing.length ? `Closed from now on: ${dayList(closing)} (players cannot bid on it those days). ` : ''}Open days: ${dayList(WEEKDAYS.filter(ticked))}.`}
          yes="Save weekdays"
          onConfirm={async () => {
            const body = Object.fromEntries(
              changed.map((d) => [d, { ...schedule[d], marketStatus: ticked(d) }]),
            );
            const text = `${game.gameName}: ${[
              opening.length ? `open on ${dayList(opening)}` : '',
              closing.length ? `closed on ${dayList(closing)}` : '',
            ]
              .filter(Boolean)
              .join('; ')}`;
            if (await save({ schedule: body }, text)) setTicks({});
          }}
        />
      </div>
    </fieldset>
  );
}
