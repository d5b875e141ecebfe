import { Page } from '../../components/page';

/** Galidisawar Chart screen; its full build belongs to a later issue. */
export function GalidisawarChartPage() {
  return <Page title="Galidisawar Chart" />;
}
