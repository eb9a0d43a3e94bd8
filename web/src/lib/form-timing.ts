import { useEffect, useRef } from 'react';

/**
 * When the public form was shown, in milliseconds since the epoch, for the
 * server's check of how long it took to fill (a robot fills it at once);
 * set it again when the form is shown anew after a send.
 */
export function useShownAt() {
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
  }, []);
  return shownAt;
}
