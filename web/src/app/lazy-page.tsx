import { lazy, type ComponentType } from 'react';

/**
 * A page whose code is fetched only when a visitor needs it. In the browser
 * the first render of a page not yet fetched suspends: during hydration React
 * keeps the server's HTML until the code arrives. On the server (no window)
 * loading starts when the bundle is evaluated; the engine settles those
 * promises before its first render, so pages render synchronously there.
 */
/** A page component, with the source module of its chunk for preloading. */
export type LazyPage = ComponentType & { chunk: string };

/**
 * chunk names the source module that load() imports, as the build manifest
 * keys it (e.g. 'src/pages/company/blog-page.tsx'): the server announces the
 * chunk's files as module preloads in the page it renders, so the browser
 * fetches them beside the main script instead of after it. The server fails
 * to render a page whose chunk the manifest does not know.
 */
export function lazyPage<M>(chunk: string, load: () => Promise<M>, pick: (m: M) => ComponentType): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const start = () =>
    (pending ??= load().then((m) => {
      loaded = pick(m);
      return { default: loaded };
    }));
  if (typeof window === 'undefined') void start();
  const Deferred = lazy(start);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Deferred />;
  }
  return Object.assign(Page, { chunk });
}
