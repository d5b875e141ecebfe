import { Page } from '../../components/page';

/** How To Play screen; its full build belongs to a later issue. */
export function HowToPlayPage() {
  return <Page title="How To Play" />;
}
