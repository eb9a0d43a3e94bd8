import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the
 * page: for what only the browser can show (a time in the reader's zone) or
 * do (a form that sends with JavaScript).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
