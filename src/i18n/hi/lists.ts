import type { listsEn } from '../en/lists';

export const lists: Record<keyof typeof listsEn, string> = {
  pages: 'पेज',
  previousPage: 'पिछला पेज',
  nextPage: 'अगला पेज',
  enterAmount: 'रक़म डालें',
  enterAmountPlaceholder: 'रक़म डालें',
};
