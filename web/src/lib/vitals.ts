// The real-user speed of the page as loaded (LCP, INP, CLS, TTFB), by
// Google's web-vitals library: each metric is sent once, when it is final
// (TTFB after the load, LCP at the first input, the others as the page is
// hidden), and the metrics final at the same moment go in one request. A
// chunk of its own, fetched once the page is idle after its load: no
// visitor waits for it.
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { track } from '@/lib/analytics';

export function reportVitals(): void {
  // The metrics are those of the document as loaded, whatever page the
  // visitor moved on to since.
  const path = location.pathname;
  // Each metric's last measure, sent at the end of the task that made it
  // final (a microtask runs before the next listener), not later: a page
  // being left may not run another task.
  const due = new Map<string, number>();
  const send = (m: Metric) => {
    if (due.size === 0) {
      queueMicrotask(() => {
        track('vitals', { path, vitals: [...due].map(([name, value]) => ({ name, value })) });
        due.clear();
      });
    }
    due.set(m.name, m.value);
  };
  onLCP(send);
  onINP(send);
  onCLS(send);
  onTTFB(send);
}
