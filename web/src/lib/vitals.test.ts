import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';

// The library's callbacks, called here as it calls them when a metric is final.
const reported = vi.hoisted(() => ({} as Record<string, (m: Metric) => void>));
vi.mock('web-vitals', () => ({
  onLCP: (f: (m: Metric) => void) => (reported.LCP = f),
  onINP: (f: (m: Metric) => void) => (reported.INP = f),
  onCLS: (f: (m: Metric) => void) => (reported.CLS = f),
  onTTFB: (f: (m: Metric) => void) => (reported.TTFB = f),
}));
const track = vi.hoisted(() => vi.fn());
vi.mock('@/lib/analytics', () => ({ track }));

const { reportVitals } = await import('./vitals');
const metric = (name: string, value: number) => ({ name, value }) as Metric;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('reportVitals', () => {
  beforeEach(() => track.mockClear());

  it('sends each metric when it is final, those final in one task in one request', async () => {
    history.replaceState(null, '', '/ai-journey');
    reportVitals();
    reported.TTFB(metric('TTFB', 120));
    await tick();
    expect(track.mock.calls).toEqual([['vitals', { path: '/ai-journey', vitals: [{ name: 'TTFB', value: 120 }] }]]);

    // The page is hidden: CLS and INP are final together.
    reported.CLS(metric('CLS', 0.02));
    reported.INP(metric('INP', 180));
    await tick();
    expect(track).toHaveBeenCalledTimes(2);
    expect(track.mock.calls[1]).toEqual(['vitals', { path: '/ai-journey', vitals: [{ name: 'CLS', value: 0.02 }, { name: 'INP', value: 180 }] }]);
  });

  it('sends a metric reported twice in one task once, with its last measure', async () => {
    reportVitals();
    reported.CLS(metric('CLS', 0.01));
    reported.CLS(metric('CLS', 0.3));
    await tick();
    expect(track.mock.calls).toEqual([['vitals', { path: location.pathname, vitals: [{ name: 'CLS', value: 0.3 }] }]]);
  });
});
