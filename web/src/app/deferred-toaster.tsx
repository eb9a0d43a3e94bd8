import { lazy, Suspense, useEffect, useState } from 'react';
import { getToasts, subscribe } from '@/lib/toast-store';

const loadToaster = () => import('@/components/ui/toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

// The toast list inside the notifications region that Radix renders.
const viewportSelector = '[role="region"][aria-label^="Notifications"] ol';

// Rendered beside the toaster, so its effect runs once the region exists.
function FocusRegion() {
  useEffect(() => {
    document.querySelector<HTMLElement>(viewportSelector)?.focus();
  }, []);
  return null;
}

/**
 * The toaster, fetched with the first toast or the first F8: most visitors
 * never see a toast, and the toast primitives are a tenth of the site's
 * script. The store keeps a toast until the toaster shows it; once mounted,
 * the toaster handles F8 itself.
 */
export function DeferredToaster() {
  const [needed, setNeeded] = useState(false);
  const [focusRegion, setFocusRegion] = useState(false);
  useEffect(() => {
    if (needed) return;
    if (getToasts().length > 0) {
      setNeeded(true);
      return;
    }
    const unsubscribe = subscribe(() => setNeeded(true));
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      setFocusRegion(true);
      setNeeded(true);
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
      {focusRegion && <FocusRegion />}
    </Suspense>
  );
}
