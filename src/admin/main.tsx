import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { router } from './router';
import './admin.css';

// The operator console's entry (admin.html): the router decides the rest (./router.tsx).

const el = document.getElementById('root');
if (!el) throw new Error('admin.html has no #root element');
createRoot(el).render(
  <StrictMode>
    <RouterProvider router={router as never} />
  </StrictMode>,
);
