import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, vi } from 'vitest';
import { DEMO_RATES } from '../../../server/seed/demo-data';
import { placeBids } from '../../../src/api/bids';
import type { BidRow, Family, Rate } from '../../../src/domain/types';
import type { GameTimes } from '../../../src/domain/windows';
import { BidForm } from '../../../src/features/bidding/bid-form';
import { bidScreen } from '../../../src/features/bidding/screens';

// react-hot-toast asks for prefers-reduced-motion; jsdom has no matchMedia.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

export const TZ = 'Asia/Kolkata';
/** 08:30 IST on Saturday 2026-11-21: both sessions of a 10:00-22:00 market are open. */
export const BEFORE_OPEN = new Date('2026-11-21T03:00:00Z');
/** 11:30 IST: only Close is left. */
export const AFTER_OPEN = new Date('2026-11-21T06:00:00Z');
/** 22:30 IST: nothing is left. */
export const AFTER_CLOSE = new Date('2026-11-21T17:00:00Z');

export const GAMES: Record<Family, GameTimes & { gameName: string }> = {
  main: {
    family: 'main',
    gameName: 'KALYAN',
    openTime: '10:00',
    closeTime: '22:00',
    isActive: true,
    currentMarketStatus: true,
  },
  starline: {
    family: 'starline',
    gameName: 'STAR 21',
    openTime: '21:00',
    closeTime: null,
    isActive: true,
    currentMarketStatus: true,
    marketStatus: true,
  },
  galidisawar: {
    family: 'galidisawar',
    gameName: 'GALI',
    openTime: '23:30',
    closeTime: null,
    isActive: true,
    currentMarketStatus: true,
    marketStatus: true,
  },
};

/** The seed's typical rates (docs/game-rules.md section 6): main plus galidisawar's left/right digit. */
export const RATES = { ...DEMO_RATES.main, ...DEMO_RATES.galidisawar };

/**
 * `url` is the path the bids were posted to; `rows` are the rows without the rate each carries,
 * `rates` those rates (the rate the dialog showed and the bid keeps), one per row.
 */
export type Sent = { url: string; key: string | null; rows: BidRow[]; rates: (Rate | undefined)[] };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const created = () =>
  json(201, { status: true, message: 'Bid created successfully!', data: { bids: [] } });
export const failed = (status: number, message: string, errors: Record<string, string> = {}) =>
  json(status, { status: false, message, errors });

/**
 * Stubs fetch: each call records what was sent and answers the next scripted response (a Response,
 * or an Error to throw as a network failure); after the script, 201 created.
 */
/**
 * The client calls a same-origin '/api/v1/...'; Node's Request (used under jsdom) needs an
 * absolute URL, so relative ones resolve against the page as a browser would.
 */
export function resolveRelativeRequests() {
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
}

export function mockNetwork(script: (Response | Error)[] = []) {
  const sent: Sent[] = [];
  resolveRelativeRequests();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const body = (await req.clone().json()) as { bids: (BidRow & { rate?: Rate })[] };
    sent.push({
      url: new URL(req.url).pathname,
      key: req.headers.get('Idempotency-Key'),
      rows: body.bids.map(({ rate, ...row }) => row),
      rates: body.bids.map((b) => b.rate),
    });
    const next = script.shift();
    if (next instanceof Error) throw next;
    return next ?? created();
  });
  vi.stubGlobal('fetch', fetch);
  return { sent, fetch };
}

export function renderForm(
  slug: string,
  opts: {
    family?: Family;
    now?: Date;
    min?: number;
    max?: number;
    onAddFund?: () => void;
    rates?: typeof RATES | null;
  } = {},
) {
  const config = bidScreen(slug);
  if (!config) throw new Error(`no screen ${slug}`);
  const family = opts.family ?? 'main';
  const game = GAMES[family];
  const onPlaced = vi.fn();
  const onRatesChanged = vi.fn();
  const place = (rows: BidRow[], key: string) => placeBids(family, rows, key);
  const user = userEvent.setup();
  render(
    <>
      <Toaster />
      <BidForm
        config={config}
        game={{
          gameId: `${family}-game-1`,
          gameName: game.gameName,
          openTime: game.openTime,
          closeTime: game.closeTime,
        }}
        times={game}
        limits={{ min: opts.min ?? 10, max: opts.max ?? 10000 }}
        rates={opts.rates === undefined ? RATES : opts.rates}
        now={opts.now ?? BEFORE_OPEN}
        tz={TZ}
        place={place}
        onPlaced={onPlaced}
        onAddFund={opts.onAddFund}
        onRatesChanged={onRatesChanged}
      />
    </>,
  );
  return { user, onPlaced, onRatesChanged, config };
}

export const dialog = () => screen.getByRole('dialog');

/** The dialog's column of a heading, e.g. 'Wins' (-1 when absent). */
const columnOf = (head: string) =>
  within(dialog())
    .getAllByRole('columnheader')
    .findIndex((h) => h.textContent === head);

/** The dialog's body rows as arrays of cell texts (without the Wins and Delete cells). */
export function dialogRows(): string[][] {
  const wins = columnOf('Wins');
  const rows = within(dialog()).getAllByRole('row').slice(1);
  return rows.map((r) =>
    within(r)
      .getAllByRole('cell')
      .slice(0, -1)
      .filter((_, i) => i !== wins)
      .map((c) => c.textContent ?? ''),
  );
}

/** The dialog's Wins column: what each row pays if it wins, at the rate it keeps. */
export function dialogWins(): string[] {
  const wins = columnOf('Wins');
  return within(dialog())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[wins]?.textContent ?? '');
}

export const tile = (value: string) => screen.getByRole('button', { name: value });
