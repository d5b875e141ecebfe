import { useMarketToday } from '../market';
import { ErrorLine, Notice } from '../ui/status';
import { DeclareForm } from './declare-form';
import { DeclaredList } from './declared-list';
import { FeedReports } from './feed-reports';
import { PreviewCard } from './preview-card';
import { useDeclaration } from './use-declaration';
import { WinnersList } from './winners-list';

/**
 * Results: declare one after its preview (what it pays, behind a confirm step), then the day's
 * declared results (each can be reverted, each says who declared it), what the result sources
 * reported (where they disagree, one is chosen into the form) and the winners; all read again
 * after a declaration.
 */
export function ResultsPage() {
  const declaration = useDeclaration(useMarketToday());
  const { family, date, error, done } = declaration;
  return (
    <section>
      <h1>Declare a result</h1>
      <DeclareForm declaration={declaration} />
      <ErrorLine text={error} />
      <Notice text={done} />
      <PreviewCard declaration={declaration} />
      <DeclaredList family={family} date={date} refreshKey={done ?? ''} />
      <FeedReports declaration={declaration} refreshKey={done ?? ''} />
      <WinnersList family={family} date={date} refreshKey={done ?? ''} />
    </section>
  );
}
