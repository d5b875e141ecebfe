import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage } from '../../../src/i18n/core';
import { switchLanguage } from '../../../src/i18n/switch-language';
import { chooseLanguage, reconcileLanguage } from '../../../src/lib/language';
import { useAppStore } from '../../../src/store/store';
import { mockFetch, ok, PLAYER, renderApp, signInPlayer } from '../shell/helpers';

afterEach(async () => {
  await switchLanguage('en');
  localStorage.clear();
  useAppStore.setState({ language: 'en', languagePending: false });
  useAppStore.getState().clearSession();
  vi.unstubAllGlobals();
});

describe('choosing a language', () => {
  it('the sign-in page offers the languages by their own names and switches the screen', async () => {
    mockFetch((c) => (c.path.endsWith('/status') ? ok({ isActive: false }) : undefined));
    await renderApp('/');
    await screen.findByRole('heading', { name: 'LOGIN' });
    for (const name of ['English', 'हिंदी', 'मराठी'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'मराठी' }));
    // (The screens re-render through main.tsx's App; tests/e2e/languages.test.ts sees that.)
    await waitFor(() => expect(currentLanguage()).toBe('mr'));
    expect(document.documentElement.lang).toBe('mr-IN');
    expect(localStorage.getItem('matka-language')).toBe('mr');
    // Nobody is signed in: the server hears it after the next sign-in.
    expect(useAppStore.getState()).toMatchObject({ language: 'mr', languagePending: true });
  });

  it('signed in, the choice goes to the server with PUT /user/language and the app asks in it', async () => {
    signInPlayer();
    const calls = mockFetch((c) =>
      c.method === 'PUT' && c.path === '/api/v1/user/language'
        ? ok({ ...PLAYER, language: 'hi' })
        : undefined,
    );
    await chooseLanguage('hi');
    expect(currentLanguage()).toBe('hi');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ language: 'hi' });
    expect(put?.headers.get('accept-language')).toBe('hi');
    expect(useAppStore.getState()).toMatchObject({ language: 'hi', languagePending: false });
    expect(useAppStore.getState().user?.language).toBe('hi');
  });

  it("after a reinstall the server's saved language comes back; an unsent choice wins over it", async () => {
    signInPlayer();
    const calls = mockFetch(() => ok({}));
    useAppStore.setState({ user: { ...PLAYER, language: 'mr' } });
    reconcileLanguage();
    await waitFor(() => expect(currentLanguage()).toBe('mr'));
    expect(localStorage.getItem('matka-language')).toBe('mr');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    useAppStore.setState({ language: 'hi', languagePending: true, user: { ...PLAYER, language: 'en' } });
    reconcileLanguage();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ language: 'hi' }));
    await waitFor(() => expect(useAppStore.getState().languagePending).toBe(false));
  });

  it('a choice made before sign-in is sent even when sign-in gave the account that language (issue 45)', async () => {
    signInPlayer();
    const calls = mockFetch(() => ok({}));
    // Chosen on the sign-in page; the sign-in's Accept-Language already made the account Marathi.
    useAppStore.setState({ language: 'mr', languagePending: true, user: { ...PLAYER, language: 'mr' } });
    reconcileLanguage();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ language: 'mr' }));
    await waitFor(() => expect(useAppStore.getState().languagePending).toBe(false));
  });

  it('a copy of the player asked for before the server heard the choice does not undo it', async () => {
    signInPlayer();
    mockFetch(() => ok({}));
    const before = Date.now() - 1;
    await chooseLanguage('mr');
    expect(useAppStore.getState()).toMatchObject({ language: 'mr', languagePending: false });
    // The start-up's second read, asked before the PUT was answered, arrives after it: stale.
    useAppStore.setState({ user: { ...PLAYER, language: 'en' }, userFetchedAt: before });
    reconcileLanguage();
    expect(currentLanguage()).toBe('mr');
    expect(useAppStore.getState().language).toBe('mr');
    // A read asked afterwards is the server's word (the player chose English on another phone).
    useAppStore.setState({ user: { ...PLAYER, language: 'en' }, userFetchedAt: Date.now() + 1 });
    reconcileLanguage();
    await waitFor(() => expect(currentLanguage()).toBe('en'));
  });
});
