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
