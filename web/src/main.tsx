import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { emptySiteData, type SiteData } from '@/lib/site-data';
import './styles.css';

function readSiteData(): SiteData {
  const el = document.getElementById('site-data');
  if (!el?.textContent) return emptySiteData;
  return JSON.parse(el.textContent) as SiteData;
}

function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

const root = document.getElementById('root');
if (root && isAdminPath(window.location.pathname)) {
  // The admin portal is its own chunk, rendered in the browser only: a
  // visitor of a public page never downloads it.
  void import('@/admin/admin-app').then(({ AdminApp }) => {
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <AdminApp />
        </BrowserRouter>
      </StrictMode>,
    );
  });
} else if (root && window.location.pathname === '/book/manage') {
  // The page a visitor's meeting invitation links to: its own chunk too.
  void import('@/features/leads/booking/manage-meeting-page').then(({ ManageMeetingPage }) => {
    createRoot(root).render(
      <StrictMode>
        <ManageMeetingPage />
      </StrictMode>,
    );
  });
} else if (root) {
  // Hydrating inside a transition lets React work in slices of a few
  // milliseconds and give the main thread back in between, instead of one
  // long task that blocks input while the whole page hydrates.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <BrowserRouter>
          <App data={readSiteData()} />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}
