// The server bundle: built as one script and run inside the Go process by an
// embedded JavaScript engine, which calls render() for each page it caches.
import { renderToString } from 'react-dom/server.browser';
import { StaticRouter } from 'react-router';
import { App } from '@/app/app';
import { documentTitle, findArticle, findClosedPosition, findPosition, findPublishedPage, findRoute, findStudy, findWithdrawnStudy, notFoundMeta, positionMeta, publicRoutes, publishedPageMeta, studyMeta, unlistedRoutes } from '@/app/routes';
import { structuredData } from '@/app/structured-data';
import { pageDescription } from '@/content/page-descriptions';
import { companyName, type SiteData } from '@/lib/site-data';

export type RenderResult = {
  html: string;
  status: number;
  title: string;
  description: string;
  /** The page's JSON-LD graph (app/structured-data.ts), or null. */
  structuredData: object | null;
};

/**
 * Renders one page. address is the page's address, absolute (its origin then
 * prefixes the structured data's links) or a path. Takes and returns JSON
 * text to keep the engine boundary cheap.
 */
export function render(address: string, dataJSON: string): string {
  const data = JSON.parse(dataJSON) as SiteData;
  const [, origin = '', rest = ''] = /^(https?:\/\/[^/?#]+)?(.*)$/.exec(address) ?? [];
  const url = rest || '/';
  const pathname = url.split(/[?#]/)[0] || '/';
  const route = findRoute(pathname) ?? unlistedRoutes.find((r) => r.path === pathname);
  const page = route ? undefined : (findPublishedPage(pathname, data) ?? findArticle(pathname, data));
  const position = route || page ? undefined : findPosition(pathname, data);
  // A position that has closed answers 410 Gone, with the open ones.
  const closed = route || page || position ? undefined : findClosedPosition(pathname, data);
  const other = route || page || position || closed;
  const study = other ? undefined : findStudy(pathname, data);
  // So does a case study that has been withdrawn, with the shown ones.
  const withdrawn = other || study ? undefined : findWithdrawnStudy(pathname, data);
  const meta = route
    ? route.meta
    : page
      ? publishedPageMeta(page)
      : position
        ? positionMeta(position)
        : closed
          ? positionMeta(closed, true)
          : study
            ? studyMeta(study)
            : withdrawn
              ? studyMeta(withdrawn, true)
              : notFoundMeta;
  const found = !!(route || page || position || study);
  const html = renderToString(
    <StaticRouter location={url}>
      <App data={data} />
    </StaticRouter>,
  );
  const result: RenderResult = {
    html,
    status: found ? 200 : closed || withdrawn ? 410 : 404,
    title: documentTitle(meta, companyName(data)),
    description: meta.description ?? (route ? pageDescription(route.path, data.content) : ''),
    structuredData: structuredData(origin, pathname, meta.title, found, data),
  };
  return JSON.stringify(result);
}

/**
 * The paths of the built-in pages. The server serves these, and at any other
 * path a published page whose data it passes in, or the 404 page.
 */
export function paths(): string {
  return JSON.stringify(publicRoutes.map((r) => r.path));
}
