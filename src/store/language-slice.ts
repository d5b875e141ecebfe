import type { StateCreator } from 'zustand';
import { initialLanguage } from '../i18n/core';
import type { Lang } from '../i18n/languages';
import type { AppState } from './app-state';

/**
 * The player's language (issue 22). `languagePending` marks a choice the server has not heard yet
 * (made on the sign-in page, or offline): it is sent after the next sign-in or user refresh instead
 * of being replaced by the server's saved one.
 */
export type LanguageSlice = {
  language: Lang;
  languagePending: boolean;
  setLanguageState: (language: Lang, pending: boolean) => void;
};

export const createLanguageSlice: StateCreator<AppState, [], [], LanguageSlice> = (set) => ({
  language: initialLanguage(),
  languagePending: false,
  setLanguageState: (language, pending) => set({ language, languagePending: pending }),
});
