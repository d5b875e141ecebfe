import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playedFor, RealityCheck } from '../../../src/components/reality-check';
import { LIMIT_LABELS } from '../../../src/domain/responsible-play';
import { ResponsiblePlayPage } from '../../../src/features/responsible-play/responsible-play-page';
import { playEn } from '../../../src/i18n/en/play';
import { switchLanguage } from '../../../src/i18n/switch-language';
import { type Call, mockFetch, ok, pathOf, renderWithToasts, signedInPlayer } from '../money-screens/harness';

signedInPlayer();

const FIELDS = ['depositDay', 'depositWeek', 'depositMonth', 'lossDay', 'lossWeek', 'lossMonth', 'stakeDay'];
const each = (v: unknown) => Object.fromEntries(FIELDS.map((f) => [f, v]));
const STATE = {
  limits: { ...each(null), depositDay: 1000 },
  pending: [{ field: 'depositDay', value: 5000, effectiveAt: '2026-11-22T04:30:00.000Z' }],
  usage: { ...each(0), depositDay: 400 },
  resets: each('2026-11-21T18:30:00.000Z'),
  pause: null,
  realityCheckMinutes: 60,
  adultConfirmedAt: null,
};

function server(extra: (c: Call) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return mockFetch((c) => {
    const mine = extra(c);
    if (mine) return mine;
    if (pathOf(c.path) === '/api/v1/user/limits' && c.method === 'GET') return ok(STATE);
    if (pathOf(c.path) === '/api/v1/user/limits' && c.method === 'PUT') {
      return ok({ ...STATE, limits: { ...STATE.limits, ...(c.body as object) } });
    }
    return undefined;
  });
}

describe('/responsible-play in Hindi and Marathi', () => {
  afterEach(() => switchLanguage('en'));

  it("keeps the catalogue's English limit names word for word as src/domain has them", () => {
    for (const [field, label] of Object.entries(LIMIT_LABELS))
      expect(playEn[field as keyof typeof LIMIT_LABELS]).toBe(label);
  });

  it('says limits, usage, pending and dates in Hindi (month names, digits 0-9)', async () => {
    await switchLanguage('hi');
    server();
    await renderWithToasts(<ResponsiblePlayPage />);
    await screen.findByText('₹1,000 में से ₹400 इस्तेमाल · फिर से शुरू 22 नव॰, 12:00 AM');
    expect(screen.getByText('बाक़ी: 22 नव॰, 10:00 AM से ₹5,000')).toBeTruthy();
    expect(screen.getByLabelText('रोज़ की डिपॉज़िट सीमा')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'सीमाएं सेव करें' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Deposit limit|Save limits|Reality check|Self-exclusion/);
    expect(playedFor(65 * 60_000)).toBe('1 घंटे 05 मिनट');
  });

  it('asks twice in Marathi before a self-exclusion, its end date in Marathi words', async () => {
    await switchLanguage('mr');
    server((c) =>
      c.path === '/api/v1/user/self-exclusion'
        ? ok({ pause: { kind: 'self-exclusion', until: '2027-05-21T10:00:00.000Z' } })
        : undefined,
    );
    await renderWithToasts(<ResponsiblePlayPage />);
    await userEvent.click(await screen.findByRole('button', { name: '6 महिने' }));
    expect(screen.getByRole('dialog').textContent).toMatch(/2027 पर्यंत तुम्हाला बोली लावता येणार नाही/);
    await userEvent.click(screen.getByRole('button', { name: 'पुढे चला' }));
    expect(screen.getByRole('dialog').textContent).toMatch(/नक्की\? हे परत घेता येणार नाही\./);
    await userEvent.click(screen.getByRole('button', { name: 'हो, माझे खाते थांबवा' }));
    // To the minute (issue 39): the pause ends at a time.
    await screen.findByText(/सेल्फ-एक्सक्लूजन: तुमचे खाते 21 मे, 2027, 03:30 PM पर्यंत थांबवले आहे/);
  });
});

describe('/responsible-play', () => {
  it('shows limits in force with their usage, pending changes, and saves only what changed', async () => {
    const calls = server();
    await renderWithToasts(<ResponsiblePlayPage />);
    await screen.findByText('₹400 of ₹1,000 used · resets 22 Nov, 12:00 AM');
    expect(screen.getByText('Pending: ₹5,000 from 22 Nov, 10:00 AM')).toBeTruthy();
    expect((screen.getByLabelText('Deposit limit per day') as HTMLInputElement).value).toBe('1000');
    await userEvent.type(screen.getByLabelText('Daily stake limit'), '2x00');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ stakeDay: 200 });
  });

  it('asks twice before a self-exclusion and names its end date in words', async () => {
    const calls = server((c) =>
      c.path === '/api/v1/user/self-exclusion'
        ? ok({ pause: { kind: 'self-exclusion', until: '2027-05-21T10:00:00.000Z' } })
        : undefined,
    );
    await renderWithToasts(<ResponsiblePlayPage />);
    await userEvent.click(await screen.findByRole('button', { name: '6 months' }));
    expect(screen.getByRole('dialog').textContent).toMatch(/until \w+day, \d+ \w+ 20\d\d/);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('dialog').textContent).toMatch(
      /^Exclude yourself\?Are you sure\? This cannot be undone\./,
    );
    expect(calls.some((c) => c.path === '/api/v1/user/self-exclusion')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, pause my account' }));
    await screen.findByText(/Self-exclusion: your account is paused until 21 May 2027, \d\d:\d\d [AP]M/);
    expect(calls.find((c) => c.path === '/api/v1/user/self-exclusion')?.body).toEqual({ months: 6 });
  });
});

describe('reality check', () => {
  it('words the time played', () => {
    expect(playedFor(25 * 60_000)).toBe('25 min');
    expect(playedFor(65 * 60_000)).toBe('1 h 05 min');
  });

  it('comes after the chosen interval, never over an open dialog, and Continue puts it off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.clear();
    const calls = server((c) =>
      pathOf(c.path) === '/api/v1/user/play-summary'
        ? ok({ since: '2026-11-21T10:00:00.000Z', bids: 3, stakes: 150, wins: 95, net: -55 })
        : pathOf(c.path) === '/api/v1/user/limits'
          ? ok({ ...STATE, realityCheckMinutes: 15 })
          : undefined,
    );
    await renderWithToasts(<RealityCheck />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(14 * 60_000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // A bid being confirmed: the reminder waits.
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    document.body.append(other);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * 60_000);
    });
    expect(calls.some((c) => pathOf(c.path) === '/api/v1/user/play-summary')).toBe(false);
    other.remove();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(dialog.textContent).toContain('Stakes₹150');
    expect(dialog.textContent).toContain('Net-₹55');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
