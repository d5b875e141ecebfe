import { Page } from '../../components/page';

/** Notices screen; its full build belongs to a later issue. */
export function NoticesPage() {
  return <Page title="Notices" />;
}
