import { applyLanguage, type Tables } from './core';
import type { Lang } from './languages';

/** The Hindi and Marathi chunks, downloaded only when chosen. */
const loaders: Record<Exclude<Lang, 'en'>, () => Promise<{ tables: Tables }>> = {
  hi: () => import('./lang-hi'),
  mr: () => import('./lang-mr'),
};

/** Loads (when needed) and switches to a language; the screens re-render through useLanguage. */
export async function switchLanguage(next: Lang): Promise<void> {
  if (next === 'en') return applyLanguage('en', null);
  const loaded = await loaders[next]();
  applyLanguage(next, loaded.tables);
}
