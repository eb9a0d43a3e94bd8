import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Gives the focus back to el when the editor inside it closes, if the edit
 * was settled from inside it (Enter, Escape, its buttons), so that the
 * focus goes back to the text rather than to the top of the page. Call the
 * function it returns as the editor closes.
 */
export function useFocusReturn(el: RefObject<HTMLElement | null>, editing: boolean): () => void {
  const refocus = useRef(false);
  useLayoutEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    el.current?.focus({ preventScroll: true });
  }, [editing, el]);
  return () => {
    refocus.current = !!el.current?.contains(document.activeElement);
  };
}
