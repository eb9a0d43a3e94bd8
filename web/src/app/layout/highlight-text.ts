import { useEffect } from 'react';
import { readShownText } from '@/features/editable-text/edit-mode';
import { toast } from '@/lib/toast-store';

// "Show on page" in the admin's Content tab opens a page with the address of
// one text in its query (showTextHref). In edit mode every text carries its address, so the text is found, brought
// into view, focused and outlined for a few seconds.

/** How long to wait for the page's texts to become editable (the editor is its own chunk). */
const WAIT_MS = 8000;
const SHOW_MS = 6000;

function find(section: string, key: string): HTMLElement | null {
  for (const el of document.querySelectorAll<HTMLElement>('[data-content-key]')) {
    if (el.dataset.contentSection === section && el.dataset.contentKey === key) return el;
  }
  return null;
}

function outline(el: HTMLElement) {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  el.focus({ preventScroll: true });
  // Set on the element itself: React renders no style here, so it stays until taken off.
  el.dataset.highlighted = 'true';
  el.style.boxShadow = '0 0 0 4px #fbbf24, 0 0 0 10px rgb(251 191 36 / 0.35)';
  el.style.borderRadius = '4px';
  window.setTimeout(() => {
    delete el.dataset.highlighted;
    el.style.boxShadow = '';
    el.style.borderRadius = '';
  }, SHOW_MS);
}

/** Highlights the text the query names, once the page's texts are editable. */
export function useHighlightedText(search: string) {
  useEffect(() => {
    const shown = readShownText(search);
    if (!shown) return;
    const { section, key } = shown;
    const found = find(section, key);
    if (found) {
      outline(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const el = find(section, key);
      if (!el) return;
      stop();
      outline(el);
    });
    const timer = window.setTimeout(() => {
      stop();
      toast({
        title: 'Text not on this page',
        description: 'It may belong to an item that was removed, or show only on another page.',
        variant: 'destructive',
      });
    }, WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-content-key'] });
    return stop;
  }, [search]);
}
