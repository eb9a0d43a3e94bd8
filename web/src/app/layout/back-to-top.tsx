import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cx } from '@/lib/cx';

const THRESHOLD = 300;

/** Whether a form lies under the button's corner (20 px in, 48 px square), where it would cover a field. */
function overForm(): boolean {
  const right = innerWidth - 20,
    bottom = innerHeight - 20;
  return [...document.forms].some((f) => {
    const r = f.getBoundingClientRect();
    return r.left < right && r.right > right - 48 && r.top < bottom && r.bottom > bottom - 48;
  });
}

/**
 * A button back to the top once the visitor has scrolled past 300 px, but
 * not over a form (on a phone it would cover its fields); raised above the
 * edit bar, which spans a phone's width.
 */
export function BackToTop({ raised = false }: { raised?: boolean }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > THRESHOLD && !overForm());
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <button
      type="button"
      aria-label="Back to top"
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
      }}
      className={cx(
        'fixed right-5 bottom-5 z-30 inline-flex size-12 print:hidden items-center justify-center rounded-full bg-brand text-white shadow-lg transition hover:bg-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
        // Invisible rather than removed: taking away the focused button would
        // stop the smooth scroll it started.
        !visible && 'invisible translate-y-4 opacity-0',
        raised && 'max-sm:bottom-40',
      )}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
