import { RealityCheck } from './reality-check';
import WinNews from './win-news';

/**
 * What speaks up by itself once the first screen is there: the reality check (after 15 minutes of
 * play at the earliest) and the win news (issue 49). One chunk, loaded a few seconds after the
 * screen, not with it (the first load's budget, tests/e2e/field.test.ts).
 */
export default function AfterFirstScreen() {
  return (
    <>
      <RealityCheck />
      <WinNews />
    </>
  );
}
