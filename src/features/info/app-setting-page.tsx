import { Page } from '../../components/page';

/** App Setting screen; its full build belongs to a later issue. */
export function AppSettingPage() {
  return <Page title="App Setting" />;
}
