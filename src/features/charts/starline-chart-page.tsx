import { Page } from '../../components/page';

/** Starline Chart screen; its full build belongs to a later issue. */
export function StarlineChartPage() {
  return <Page title="Starline Chart" />;
}
