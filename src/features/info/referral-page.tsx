import { Page } from '../../components/page';

/** Refer & Earn screen; its full build belongs to a later issue. */
export function ReferralPage() {
  return <Page title="Refer & Earn" />;
}
