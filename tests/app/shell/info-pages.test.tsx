import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactRows, telegramLink } from '../../../src/features/info/contact-links';
import { ContactPage } from '../../../src/features/info/contact-page';
import { NoticesPage } from '../../../src/features/info/notices-page';
import { referralLink } from '../../../src/features/info/referral-page';
import { familiesFor, rateRows } from '../../../src/features/rates/rate-rows';
import { useAppStore } from '../../../src/store/store';
import { mockFetch, ok, PLAYER, renderApp } from './helpers';

const initial = useAppStore.getState();
beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('contact rows', () => {
  it('lists only fields with a value, in order, with their links', () => {
    const rows = contactRows({
      telegram: '@matka',
      weblink: '',
      mobilenumber: '98765 43210',
      whatsappnumber: '9876543210',
      email: 'help@matka.in',
      additionalLink: '',
    });
    expect(rows.map((r) => [r.label, r.href])).toEqual([
      ['Telegram', 'https://t.me/matka'],
      ['Contact Number', 'tel:9876543210'],
      ['WhatsApp', 'https://wa.me/919876543210'],
      ['Email', 'mailto:help@matka.in'],
    ]);
    expect(telegramLink('https://t.me/x')).toBe('https://t.me/x');
  });

  it('shows six skeleton cards while loading', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    render(<ContactPage />);
    expect(await screen.findAllByTestId('skeleton-card')).toHaveLength(6);
  });
});

describe('notices', () => {
  it('shows three skeleton cards, then the empty state', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((r) => (answer = r)));
    render(<NoticesPage />);
    expect(await screen.findAllByTestId('skeleton-card')).toHaveLength(3);
    answer(
      new Response(JSON.stringify({ status: true, data: [] }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await screen.findByText('No notices found. Create your first notice!')).toBeTruthy();
  });

  it('keeps line breaks of a message', async () => {
    mockFetch(() =>
      ok([{ _id: 'n1', title: 'Holiday', message: 'Line one\nLine two', createdAt: '2026-11-20T10:00:00Z' }]),
    );
    render(<NoticesPage />);
    const message = await screen.findByText(/Line one/);
    expect(message.textContent).toBe('Line one\nLine two');
    expect(message.className).toContain('preline');
    expect(screen.getByText('20 NOV 2026')).toBeTruthy();
  });

  it('a failed load shows the notices error', async () => {
    mockFetch(() => ({ status: 400, body: { status: false, message: 'x' } }));
    render(<NoticesPage />);
    expect(await screen.findByText('Failed to fetch notices. Please try again later.')).toBeTruthy();
  });
});

describe('game rates and referral link', () => {
  it('shows rates as "point KA amount" and skips missing keys', () => {
    expect(rateRows({ singleDigitPoint: 10, singleDigitAmount: 95, jodiDigitPoint: 10 })).toEqual([
      { label: 'Single Digit', text: '10 KA 95' },
    ]);
  });

  it.each([
    ['all', ['main', 'starline', 'galidisawar']],
    [null, ['main', 'starline', 'galidisawar']],
    ['starline', ['starline']],
    ['galidisawar', ['galidisawar']],
  ])('/game-rate/%s shows %j', (game, families) => {
    expect(familiesFor(game)).toEqual(families);
  });

  it('builds the referral link from the origin and code', () => {
    expect(referralLink('https://play.example', 'AB12')).toBe('https://play.example/?ref=AB12');
  });
});

describe('referral page', () => {
  const referral = (over: Record<string, unknown>) => ({
    _id: 'r1',
    referee: { name: 'Asha' },
    status: 'completed',
    completedAt: '2026-11-20T10:00:00Z',
    createdAt: '2026-11-19T10:00:00Z',
    ...over,
  });

  it('shows the link, hides zero cards, names anonymous referees and copies the link', async () => {
    localStorage.setItem('token', 'tok');
    useAppStore.setState({ user: PLAYER, isAuthenticated: true });
    mockFetch((c) => {
      if (c.path === '/api/v1/referrals')
        return ok([
          referral({}),
          referral({ _id: 'r2', referee: { name: null }, status: 'pending', completedAt: null }),
        ]);
      if (c.path === '/api/v1/user/user-details') return ok(PLAYER);
      return ok([]);
    });
    await renderApp('/referral');
    expect(
      // Money mode: the reward in rupees (points mode says product.md's '5 points'; issue 49).
      await screen.findByText('Share your referral link and earn ₹5 for each successful registration!'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Your referral link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/?ref=RAVI1`,
    );
    // PLAYER has no referral points or count yet: neither card shows.
    expect(screen.queryByText('Points')).toBeNull();
    expect(screen.queryByText('Total Referrals')).toBeNull();
    const [done, pending] = await screen.findAllByRole('article');
    expect(within(done as HTMLElement).getByText('Completed on 20 NOV 2026')).toBeTruthy();
    expect(within(pending as HTMLElement).getByText('Anonymous User')).toBeTruthy();
    expect(within(pending as HTMLElement).queryByText(/Completed on/)).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Referral link copied to clipboard!')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/?ref=RAVI1`);
  });
});
