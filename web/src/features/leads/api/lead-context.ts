// The visit as a lead carries it. Loaded only when a form is sent.
import type { Lead } from '@/lib/api-types';
import { landing, pagesRead } from '@/lib/visit';

/** How a lead arrived and what it read, as a lead carries them. */
export type Visit = Pick<Lead, 'referrer' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent' | 'landingPage' | 'pagesRead'>;

function asLead({ referrer, utm }: ReturnType<typeof landing>, pages: string[]): Visit {
  const read = pages.map((p) => p.slice(0, 500));
  return {
    referrer,
    utmSource: utm.source,
    utmMedium: utm.medium,
    utmCampaign: utm.campaign,
    utmTerm: utm.term,
    utmContent: utm.content,
    landingPage: read[0] ?? '',
    pagesRead: read,
  };
}

/** The visit as a landing URL's query string and referrer, and the pages read, describe it. */
export function visitFrom(search: unknown, referrer: unknown, pages: string[] = []): Visit {
  return asLead(landing([search, referrer]), pages);
}

/** The visit kept by notePage, or an empty one. */
export function readVisit(): Visit {
  return asLead(landing(), pagesRead());
}
