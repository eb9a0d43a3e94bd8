// The site's own analytics, on the visitor's side (docs/ANALYTICS.md): a
// page view, a lead form's start, a click of a call to action and the
// page's real-user speed each go to POST /api/events with
// navigator.sendBeacon, with how the visit came (its landing page's
// referrer and UTM parameters). No cookie and no id: the server tells
// visitors apart for one day only. Nothing is sent for signed-in staff.
import { ADMIN_TOKEN_KEY } from '@/lib/admin-keys';
import { landing } from '@/lib/visit';

export type EventType = 'pageview' | 'lead_start' | 'cta_click' | 'vitals';

/** Sends one event of the page shown (or of extra.path); nothing for staff, signed in here. */
export function track(type: EventType, extra: { landing?: boolean; name?: string; value?: number; path?: string; vitals?: { name: string; value: number }[] } = {}): void {
  try {
    if (!navigator.sendBeacon || localStorage.getItem(ADMIN_TOKEN_KEY)) return;
    const body = { type, path: location.pathname, ...landing(), width: innerWidth, ...extra };
    navigator.sendBeacon('/api/events', new Blob([JSON.stringify(body)], { type: 'application/json' }));
  } catch {
    // Storage or beacons off: nothing is counted.
  }
}

/** The name of a call to action a click went to: a data-cta, or a link to the consultation or the contact form. */
export function ctaOf(target: EventTarget | null): string | undefined {
  const el = (target as Element | null)?.closest?.<HTMLElement>('[data-cta],a[href^="/ai-journey"],a[href*="#contact"]');
  return el ? (el.dataset.cta || el.textContent || '').trim().slice(0, 100) : undefined;
}
