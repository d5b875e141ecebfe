import type { listsEn } from '../en/lists';

export const lists: Record<keyof typeof listsEn, string> = {
  pages: 'पाने',
  previousPage: 'मागचे पान',
  nextPage: 'पुढचे पान',
  enterAmount: 'रक्कम टाका',
  enterAmountPlaceholder: 'रक्कम टाका',
};
