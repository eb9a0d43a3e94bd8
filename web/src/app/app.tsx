import { Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { SiteDataProvider } from '@/app/site-data-context';
import { notFoundMeta, publicRoutes, type PageMeta } from '@/app/routes';
import { PageMetaEffect } from '@/app/page-meta';
import { DeferredToaster } from '@/app/deferred-toaster';
import { SiteLayout } from '@/components/layout/site-layout';
import { captureVisit } from '@/features/leads/visit';
import type { SiteData } from '@/lib/site-data';
import { NotFoundPage } from '@/pages/not-found/not-found-page';

// Marks the document once the page's own code runs: a page fetched as a
// separate chunk hydrates after the header and footer.
function PageReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-page-ready', '');
  }, []);
  return null;
}

// Keeps where the visit came from (the landing page's referrer and UTM
// parameters) for the lead forms, whichever page the visitor lands on.
function VisitCapture() {
  useEffect(() => captureVisit(window.location.search, document.referrer), []);
  return null;
}

function withMeta(meta: PageMeta, element: React.ReactNode) {
  return (
    <>
      <PageMetaEffect meta={meta} />
      <PageReady />
      {element}
    </>
  );
}

/** The public site. Rendered on the server inside Go and hydrated in the browser. */
export function App({ data }: { data: SiteData }) {
  return (
    <SiteDataProvider value={data}>
      <SiteLayout>
        {/* Pages other than home arrive as separate chunks; until one has, the
            server's HTML stays (hydration) or the space is held (navigation). */}
        <Suspense fallback={<div className="min-h-[70vh]" />}>
        <Routes>
          {publicRoutes.map(({ path, meta, Component }) => (
            <Route key={path} path={path} element={withMeta(meta, <Component />)} />
          ))}
          <Route path="*" element={withMeta(notFoundMeta, <NotFoundPage />)} />
        </Routes>
        </Suspense>
      </SiteLayout>
      <DeferredToaster />
      <VisitCapture />
    </SiteDataProvider>
  );
}
