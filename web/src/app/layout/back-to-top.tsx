import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cx } from '@/lib/cx';

const THRESHOLD = 300;

/**
 * A button back to the top once the visitor has scrolled past 300 px;
 * raised above the edit bar, which spans a phone's width.
 */
export function BackToTop({ raised = false }: { raised?: boolean }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > THRESHOLD);
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
