import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { BackToTop } from '@/app/layout/back-to-top';
import { SiteFooter } from '@/app/layout/site-footer';
import { SiteHeader } from '@/app/layout/site-header';
import { useCanEdit } from '@/features/editable-text/edit-mode';
import { ImageSlotControlsContext } from '@/features/editable-text/editable-image';
import { RecordEditorContext } from '@/features/editable-text/record-text';

// The parts of edit mode are a chunk of their own: only an admin in edit
// mode downloads it. The bar, the controls that choose a page's pictures
// (with the media picker) and the editor of records' fields in place (an
// article's title, a menu item's label, an article's text) come from it.
const editParts = () => import('./edit-mode-parts');
const EditToolbar = lazy(() => editParts().then((m) => ({ default: m.EditToolbar })));
const ImageSlotControls = lazy(() => editParts().then((m) => ({ default: m.ImageSlotControls })));
const RecordEditor = lazy(() => editParts().then((m) => ({ default: m.RecordEditor })));

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
