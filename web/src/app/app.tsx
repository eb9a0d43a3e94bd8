import { Route, Routes } from 'react-router';
import { SiteDataProvider } from '@/app/site-data-context';
import { notFoundMeta, publicRoutes, type PageMeta } from '@/app/routes';
import { PageMetaEffect } from '@/app/page-meta';
import { SiteLayout } from '@/components/layout/site-layout';
import { Toaster } from '@/features/toast/toaster';
import type { SiteData } from '@/lib/site-data';
import { NotFoundPage } from '@/pages/not-found/not-found-page';

function withMeta(meta: PageMeta, element: React.ReactNode) {
  return (
    <>
      <PageMetaEffect meta={meta} />
      {element}
    </>
  );
}

/** The public site. Rendered on the server inside Go and hydrated in the browser. */
export function App({ data }: { data: SiteData }) {
  return (
    <SiteDataProvider value={data}>
      <SiteLayout>
        <Routes>
          {publicRoutes.map(({ path, meta, Component }) => (
            <Route key={path} path={path} element={withMeta(meta, <Component />)} />
          ))}
          <Route path="*" element={withMeta(notFoundMeta, <NotFoundPage />)} />
        </Routes>
      </SiteLayout>
      <Toaster />
    </SiteDataProvider>
  );
}
