import { getData } from './get';
import type { Referral } from './types';

export const REFERRALS_FAILED = 'Failed to load referral data';

export function fetchReferrals(): Promise<Referral[]> {
  return getData('referrals', REFERRALS_FAILED);
}
