import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation, useNavigationType } from 'react-router';
import { SiteDataProvider, useSiteData } from '@/lib/site-data-context';
import { findArticle, findClosedPosition, findPosition, findPublishedPage, findStudy, findWithdrawnStudy, notFoundMeta, positionMeta, publicRoutes, publishedPageMeta, studyMeta, unlistedRoutes } from '@/app/routes';
import type { PageMeta } from '@/content/public-pages';
import { lazyPage } from '@/app/lazy-page';
import { PageMetaEffect } from '@/app/page-meta';
import { DeferredToaster } from '@/app/deferred-toaster';
import { SiteLayout } from '@/app/layout/site-layout';
import { notePage } from '@/lib/visit';
import { ctaOf, track } from '@/lib/analytics';
import type { SiteData } from '@/lib/site-data';
import { LoadFromServer } from '@/components/ui/load-from-server';

// Marks the document once the page's own code runs: a page fetched as a
// separate chunk hydrates after the header and footer.
function PageReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-page-ready', '');
  }, []);
  return null;
}

// Keeps the visit (where it came from, the pages it read) for the lead
// forms, and counts its page views and clicks of calls to action; once the
// page is idle after its load, its real-user speed is measured too.
function SiteAnalytics() {
  const { pathname } = useLocation();
  useEffect(() => {
    const landing = notePage(pathname, location.search, document.referrer);
    track('pageview', landing ? { landing } : {});
  }, [pathname]);
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const name = ctaOf(e.target);
      if (name) track('cta_click', { name });
    };
    document.addEventListener('click', onClick);
    const measure = () => void import('@/lib/vitals').then((m) => m.reportVitals());
    const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(measure) : setTimeout(measure, 1));
    if (document.readyState === 'complete') idle();
    else addEventListener('load', idle, { once: true });
    return () => document.removeEventListener('click', onClick);
  }, []);
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

const PublishedPageView = lazyPage(() => import('@/pages/published/published-page'), (m) => m.PublishedPageView);
const ArticleView = lazyPage(() => import('@/pages/company/article-page'), (m) => m.ArticlePage);
const PositionView = lazyPage(() => import('@/pages/company/position-page'), (m) => m.PositionPage);
const ClosedPositionView = lazyPage(() => import('@/pages/company/position-page'), (m) => m.ClosedPositionPage);
const StudyView = lazyPage(() => import('@/pages/company/case-study-page'), (m) => m.CaseStudyPage);
const WithdrawnStudyView = lazyPage(() => import('@/pages/company/case-study-page'), (m) => m.WithdrawnStudyPage);
// Few visitors see it: its code is fetched only by those who do.
const NotFoundPage = lazyPage(() => import('@/pages/not-found/not-found-page'), (m) => m.NotFoundPage);


// Any other address: the published page the server rendered here, or the 404
// page. The page data carries the one published page of the address the
// document was loaded at; a move to another address without a reload (a
// link to a page an admin made) loads that address from the server.
function OtherPage() {
  const data = useSiteData();
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  const page = findPublishedPage(pathname, data);
  if (page) return withMeta(publishedPageMeta(page), <PublishedPageView />);
  const article = findArticle(pathname, data);
  if (article) return withMeta(publishedPageMeta(article), <ArticleView />);
  const position = findPosition(pathname, data);
  if (position) return withMeta(positionMeta(position), <PositionView />);
  const closed = findClosedPosition(pathname, data);
  if (closed) return withMeta(positionMeta(closed, true), <ClosedPositionView />);
  const study = findStudy(pathname, data);
  if (study) return withMeta(studyMeta(study), <StudyView />);
  const withdrawn = findWithdrawnStudy(pathname, data);
  if (withdrawn) return withMeta(studyMeta(withdrawn, true), <WithdrawnStudyView />);
  if (navigation !== 'POP') return <LoadFromServer />;
  return withMeta(notFoundMeta, <NotFoundPage />);
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
          {[...publicRoutes, ...unlistedRoutes].map(({ path, meta, Component }) => (
            <Route key={path} path={path} element={withMeta(meta, <Component />)} />
          ))}
          <Route path="*" element={<OtherPage />} />
        </Routes>
        </Suspense>
      </SiteLayout>
      <DeferredToaster />
      <SiteAnalytics />
    </SiteDataProvider>
  );
}
