import { lazy, Suspense, useEffect, useState } from 'react';
import { getToasts, subscribe } from '@/features/toast/toast-store';

const loadToaster = () => import('@/features/toast/toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

// The toast list inside the notifications region that Radix renders.
const viewportSelector = '[role="region"][aria-label^="Notifications"] ol';

/**
 * The toaster, fetched with the first toast or the first F8: most visitors
 * never see a toast, and the toast primitives are a tenth of the site's
 * script. The store keeps a toast until the toaster shows it; once mounted,
 * the toaster handles F8 itself.
 */
export function DeferredToaster() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return;
    if (getToasts().length > 0) {
      setNeeded(true);
      return;
    }
    const unsubscribe = subscribe(() => setNeeded(true));
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      void loadToaster().then(() => {
        setNeeded(true);
        // Focus the region as the loaded toaster would have, once it is there.
        let frames = 60;
        const focus = () => {
          const el = document.querySelector<HTMLElement>(viewportSelector);
          if (el) el.focus();
          else if (--frames > 0) requestAnimationFrame(focus);
        };
        requestAnimationFrame(focus);
      });
    };
    window.addEventListener('keydown', onKey);
    return () => {
      unsubscribe();
      window.removeEventListener('keydown', onKey);
    };
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
