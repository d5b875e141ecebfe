import { Page } from '../../components/page';

/** Contact Us screen; its full build belongs to a later issue. */
export function ContactPage() {
  return <Page title="Contact Us" />;
}
