import { lazy, Suspense, useEffect, useState } from 'react';
import { getToasts, subscribe } from '@/features/toast/toast-store';

const Toaster = lazy(() => import('@/features/toast/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toaster, fetched with the first toast: most visitors never see one, and
 * the toast primitives are a tenth of the site's script. The store keeps the
 * toast until the toaster shows it.
 */
export function DeferredToaster() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (getToasts().length > 0) {
      setNeeded(true);
      return;
    }
    return subscribe(() => setNeeded(true));
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
