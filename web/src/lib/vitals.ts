// The real-user speed of the page as loaded (LCP, INP, CLS, TTFB), by
// Google's web-vitals library: each metric is sent once, when it is final
// (as the page is hidden). A chunk of its own, fetched once the page is
// idle after its load: no visitor waits for it.
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { track } from '@/lib/analytics';

export function reportVitals(): void {
  // The metrics are those of the document as loaded, whatever page the
  // visitor moved on to since.
  const path = location.pathname;
  const send = (m: Metric) => track('vitals', { name: m.name, value: m.value, path });
  onLCP(send);
  onINP(send);
  onCLS(send);
  onTTFB(send);
}
