import { lazy, type ComponentType } from 'react';

/**
 * A page whose code is fetched only when a visitor needs it. In the browser
 * the first render of a page not yet fetched suspends: during hydration React
 * keeps the server's HTML until the code arrives. On the server (no window)
 * loading starts when the bundle is evaluated; the engine settles those
 * promises before its first render, so pages render synchronously there.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ComponentType {
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
  return Page;
}

/**
 * A part of a page whose code is fetched only once the visitor comes near
 * it: within a screen or so of the element with the id near, as the
 * server's HTML placed it. Until then, during hydration, React keeps the
 * server's HTML of the part (wrap it in its own Suspense, so that only it
 * waits); its inputs take typing all the same. Without that element (a
 * page opened by client navigation whose part is not drawn yet) or without
 * IntersectionObserver, or when now() says so (edit mode, whose staff edit
 * the part's texts wherever they are), the code is fetched at once. On the
 * server it renders synchronously, as lazyPage's pages do.
 */
export function lazyWhenNear<P extends object>(
  load: () => Promise<ComponentType<P>>,
  near: string,
  now: () => boolean = () => false,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const seen = () =>
    new Promise<void>((resolve) => {
      const el = document.getElementById(near);
      if (!el || typeof IntersectionObserver === 'undefined' || now()) return resolve();
      const watch = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          watch.disconnect();
          resolve();
        },
        { rootMargin: '100% 0px' },
      );
      watch.observe(el);
    });
  const fetch = () =>
    load().then((c) => {
      loaded = c;
      return { default: c };
    });
  const start = () => (pending ??= typeof window === 'undefined' ? fetch() : seen().then(fetch));
  if (typeof window === 'undefined') void start();
  const Deferred = lazy(start);
  function Part(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Deferred {...props} />;
  }
  // Fetches the code at once, for a renderer that cannot wait for it (a
  // test's renderToString).
  Part.preload = () => (pending ??= fetch());
  return Part;
}
