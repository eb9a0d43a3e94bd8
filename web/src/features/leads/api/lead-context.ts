import type { Lead } from '@/lib/api-types';
import { visitKey, withSession } from '@/features/leads/visit';

export const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** How a lead arrived: the landing page's referrer and UTM parameters, as a lead carries them. */
export type Visit = Pick<Lead, 'referrer' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent'>;

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** The visit as a landing URL's query string and referrer describe it, within the server's limits. */
export function visitFrom(search: unknown, referrer: unknown): Visit {
  const q = new URLSearchParams(text(search, 10_000));
  const [utmSource, utmMedium, utmCampaign, utmTerm, utmContent] = utmKeys.map((k) => text(q.get(k) ?? '', 200));
  return { referrer: text(referrer, 1000), utmSource, utmMedium, utmCampaign, utmTerm, utmContent };
}

/** The visit kept by captureVisit, or an empty one. */
export function readVisit(): Visit {
  let kept: unknown;
  try {
    kept = JSON.parse(withSession((s) => s.getItem(visitKey)) ?? '[]');
  } catch {
    kept = [];
  }
  const [search, referrer] = Array.isArray(kept) ? kept : [];
  return visitFrom(search, referrer);
}
