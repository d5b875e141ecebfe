import { useSyncExternalStore } from 'react';
import { currentLanguage, onLanguageChange } from './core';
import type { Lang } from './languages';

/** The language the app re-renders on (kept apart from core.ts, which stays free of React). */
export function useLanguage(): Lang {
  return useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
}
