import { translator } from '../core';

/** Shared pieces of the list and money screens (pagination, the amount field): not on the first screen. */
export const listsEn = {
  pages: 'Pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  enterAmount: 'Enter Amount',
  enterAmountPlaceholder: 'Enter amount',
} as const;

export const tLists = translator('lists', listsEn);
