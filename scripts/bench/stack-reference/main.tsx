// bench:web's second reference: the least a page of the design card's stack runs before it paints
// (React with react-dom's client, a TanStack Router with one route, one Zustand store), drawing one
// heading and one line of text, as the bare reference page does in plain HTML. The app's pages are
// read against it: what is left between them is the app's own work.
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { create } from 'zustand';

const useGreeting = create<{ line: string }>(() => ({ line: 'One heading and one line of text.' }));

function Page() {
  const line = useGreeting((s) => s.line);
  return (
    <main>
      <h1>Reference</h1>
      <p>{line}</p>
    </main>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const router = createRouter({
  routeTree: rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: Page }),
  ]),
});

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
