import { useEffect, type RefObject } from 'react';

// One observer for all sections (SPEC 9: threshold 0.1, 50 px bottom margin).
let observer: IntersectionObserver | undefined;

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) {
          e.target.setAttribute('data-reveal', 'shown');
          observer?.unobserve(e.target);
        }
      }
    },
    { threshold: 0.1, rootMargin: '0px 0px -50px 0px' },
  );
  return observer;
}

/**
 * Fades the element in when it scrolls into view. It runs only in the
 * browser, after hydration, and only for elements still below the fold, so
 * content is never hidden when scripts do not run, and nothing moves when the
 * visitor asks for reduced motion.
 */
export function useReveal(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (el.getBoundingClientRect().top < window.innerHeight) return;
    el.setAttribute('data-reveal', 'hidden');
    const obs = sharedObserver();
    obs.observe(el);
    return () => {
      obs.unobserve(el);
      el.removeAttribute('data-reveal');
    };
  }, [ref]);
}
