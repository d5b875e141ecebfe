import { lazy, Suspense, useEffect, useState } from 'react';
import { toasterWanted, wantToaster, whenToasterWanted } from './toast';

const AppToaster = lazy(() => import('./app-toaster'));

/** What a player does before anything they did can answer with a toast. */
const FIRST_TOUCH = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Where the toasts appear, mounted when first wanted: at the player's first touch or key (before
 * anything they do can raise a toast: screens that import react-hot-toast themselves toast after a
 * tap), or by a toast that comes on its own (lib/toast.ts: an update, a push, a payment). A toast
 * raised meanwhile waits in react-hot-toast's store and shows when the Toaster mounts.
 */
export function ToasterSlot() {
  const [wanted, setWanted] = useState(toasterWanted);
  useEffect(() => {
    if (wanted) return;
    const stop = whenToasterWanted(() => setWanted(true));
    for (const type of FIRST_TOUCH)
      window.addEventListener(type, wantToaster, { capture: true, passive: true });
    return () => {
      stop();
      for (const type of FIRST_TOUCH) window.removeEventListener(type, wantToaster, { capture: true });
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
