import { afterEach, describe, expect, it } from 'vitest';
import * as auth from '../../../src/api/auth';
import * as bids from '../../../src/api/bids';
import * as content from '../../../src/api/content';
import * as funds from '../../../src/api/funds';
import * as games from '../../../src/api/games';
import * as history from '../../../src/api/history';
import * as notifications from '../../../src/api/notifications';
import * as rates from '../../../src/api/rates';
import * as referrals from '../../../src/api/referrals';
import * as results from '../../../src/api/results';
import * as settings from '../../../src/api/settings';
import * as wallet from '../../../src/api/wallet';
import * as withdrawals from '../../../src/api/withdrawals';
import * as M from '../../../src/domain/messages';
import { minBidMessage, SELECT_DIGIT } from '../../../src/domain/messages';
import { currentLanguage, localize } from '../../../src/i18n/core';
import { authEn } from '../../../src/i18n/en/auth';
import { domainEn } from '../../../src/i18n/en/domain';
import { messagesEn } from '../../../src/i18n/en/messages';
import { tables as hi } from '../../../src/i18n/lang-hi';
import { tables as mr } from '../../../src/i18n/lang-mr';
import { fromAcceptLanguage, pickLanguage } from '../../../src/i18n/languages';
import { switchLanguage } from '../../../src/i18n/switch-language';
import { formatDay } from '../../../src/lib/dates';

afterEach(async () => {
  await switchLanguage('en');
});

describe('the catalogues', () => {
  it('Hindi and Marathi fill every key of every area, none left English or empty', () => {
    for (const tables of [hi, mr]) {
      for (const [area, table] of Object.entries(tables)) {
        for (const [key, text] of Object.entries(table)) {
          expect(text.trim(), `${area}.${key}`).not.toBe('');
        }
      }
    }
    // Brand, codes and payment apps stay as they are; everything else differs from English.
    expect(hi.auth.headingLogin).not.toBe(authEn.headingLogin);
    expect(mr.auth.passwordTooShort).not.toBe(authEn.passwordTooShort);
  });

  it('every fallback message of the api/ modules is in the messages table (so it can be translated)', () => {
    const english = new Set<string>(Object.values(messagesEn));
    const modules = [
      auth,
      bids,
      content,
      funds,
      games,
      history,
      notifications,
      rates,
      referrals,
      results,
      settings,
      wallet,
      withdrawals,
    ];
    const constants = modules.flatMap((m) =>
      Object.entries(m).filter(
        ([name, v]) => /^[A-Z][A-Z_]+$/.test(name) && typeof v === 'string' && v.includes(' '),
      ),
    );
    expect(constants.length).toBeGreaterThan(20);
    for (const [name, value] of constants) expect(english.has(value as string), name).toBe(true);
  });

  it("the domain table is src/domain's English word for word, every message included", () => {
    const domainTexts = Object.values(M).flatMap((v) =>
      typeof v === 'string' ? [v] : typeof v === 'function' ? [] : [],
    );
    const english = new Set<string>(Object.values(domainEn));
    for (const text of domainTexts) expect(english.has(text), text).toBe(true);
    expect(domainEn.minBid).toBe(M.minBidMessage('{min}'));
    expect(domainEn.maxBid).toBe(M.maxBidMessage('{max}'));
    expect(domainEn.atLeastDigits).toBe(M.atLeastDigitsMessage('{n}' as unknown as number));
    expect(domainEn.marketClosedFor).toBe(M.marketClosedMessage('{gameName}'));
    expect(domainEn.marketClosed).toBe(M.marketClosedMessage());
    expect(Object.keys(domainEn).length).toBe(domainTexts.length + 5);
  });

  it('localize turns English text (domain messages, client defaults) into the chosen language', async () => {
    expect(localize(SELECT_DIGIT)).toBe(SELECT_DIGIT);
    await switchLanguage('hi');
    expect(currentLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(localize(SELECT_DIGIT)).toBe('कम से कम एक अंक चुनें');
    expect(localize(minBidMessage(10))).toBe('कम से कम 10 की बोली लगाएं');
    expect(localize(auth.LOGIN_FAILED)).toBe(hi.messages.loginFailed);
    expect(localize('An operator note')).toBe('An operator note');
    await switchLanguage('mr');
    expect(localize(minBidMessage(10))).toBe('किमान 10 ची बोली लावा');
  });

  it('dates take the language month names; digits stay 0-9; English keeps docs/product.md style', async () => {
    const at = new Date('2026-11-21T19:00:00Z');
    expect(formatDay(at, 'Asia/Kolkata')).toBe('22 NOV 2026');
    await switchLanguage('hi');
    expect(formatDay(at, 'Asia/Kolkata')).toBe('22 नव॰ 2026');
    await switchLanguage('mr');
    expect(formatDay(at, 'Asia/Kolkata')).toBe('22 नोव्हें, 2026');
  });
});

describe('choosing a language', () => {
  it.each([
    [['hi-IN', 'en'], 'hi'],
    [['mr'], 'mr'],
    [['en-US'], 'en'],
    [['fr-FR', 'mr-IN'], 'mr'],
    [[], 'en'],
  ])('first visit with %j follows the browser: %s', (langs, want) => {
    expect(pickLanguage(langs)).toBe(want);
  });

  it.each([
    ['mr', 'mr'],
    ['hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
    ['en-IN,en;q=0.9,hi;q=0.8', 'en'],
    ['fr;q=1,mr;q=0.5', 'mr'],
    ['fr', null],
    [undefined, null],
  ])('Accept-Language %s names %s', (header, want) => {
    expect(fromAcceptLanguage(header)).toBe(want);
  });
});
