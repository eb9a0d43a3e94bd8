import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { BackToTop } from '@/app/layout/back-to-top';
import { SiteFooter } from '@/app/layout/site-footer';
import { SiteHeader } from '@/app/layout/site-header';
import { useCanEdit } from '@/features/editable-text/edit-mode';
import { ImageSlotControlsContext } from '@/features/editable-text/editable-image';
import { RecordEditorContext } from '@/features/editable-text/record-text';

// The bar of edit mode is its own chunk: only an admin in edit mode downloads it.
const EditToolbar = lazy(() => import('./edit-toolbar').then((m) => ({ default: m.EditToolbar })));
// So are the controls that choose a page's pictures, with the media picker.
const ImageSlotControls = lazy(() => import('./image-slot-controls').then((m) => ({ default: m.ImageSlotControls })));
// And the editor of records' fields in place (an article's title, a menu item's label, an article's text).
const RecordEditor = lazy(() => import('./record-editor').then((m) => ({ default: m.RecordEditor })));

// After a move to another page without a reload, start at its top (or at
// its anchor), as a full page load would.
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The first load is the browser's to place.
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
}

export function SiteLayout({ children }: { children: React.ReactNode }) {
  useScrollOnNavigate();
  const canEdit = useCanEdit();
  return (
    <ImageSlotControlsContext.Provider value={canEdit ? ImageSlotControls : null}>
      <RecordEditorContext.Provider value={canEdit ? RecordEditor : null}>
        <div className="flex min-h-screen flex-col bg-white text-ink">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
          >
            Skip to content
          </a>
          <SiteHeader />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
          <BackToTop raised={canEdit} />
          {canEdit && (
            <Suspense fallback={null}>
              <EditToolbar />
            </Suspense>
          )}
        </div>
      </RecordEditorContext.Provider>
    </ImageSlotControlsContext.Provider>
  );
}
