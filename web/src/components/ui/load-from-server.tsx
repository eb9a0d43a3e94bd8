import { useEffect } from 'react';

/**
 * Asks the server for the address the visitor moved to without a reload:
 * only it knows whether a page is published there, and only it renders the
 * blog's pages, whose page data the address decides.
 */
export function LoadFromServer() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return <div className="min-h-[70vh]" />;
}
