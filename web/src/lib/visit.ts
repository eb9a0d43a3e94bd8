// What the site keeps of a visit for the length of a tab, in
// sessionStorage (no cookie; it ends with the tab, and leaves the browser
// only with a lead or an event of the analytics): the landing page's
// query string, referrer and path, and the pages read since. Every
// function here touches storage, so callers run them in effects and event
// handlers, never during render.

/** Runs fn with the tab's sessionStorage; does nothing when storage is off or full. */
export function withSession<T>(fn: (s: Storage) => T): T | undefined {
  try {
    return fn(window.sessionStorage);
  } catch {
    return undefined;
  }
}

/** The storage keys of the visit: [landing query string, landing referrer], and the paths read. */
export const visitKey = 'leadVisit';
const pagesKey = 'visitPages';

/** The most pages read a visit keeps, as the server does. */
const maxPages = 50;

const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function parse(key: string): unknown[] {
  try {
    const kept: unknown = JSON.parse(withSession((s) => s.getItem(key)) ?? '[]');
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

/**
 * Notes a page the visit shows: the first keeps the landing page's query
 * string and referrer. Returns whether it was the visit's first page.
 */
export function notePage(path: string, search: string, referrer: string): boolean {
  const first = withSession((s) => {
    if (s.getItem(visitKey) !== null) return false;
    s.setItem(visitKey, JSON.stringify([search, referrer]));
    return true;
  });
  const pages = pagesRead();
  if (!pages.includes(path) && pages.length < maxPages) {
    withSession((s) => s.setItem(pagesKey, JSON.stringify([...pages, path])));
  }
  return first ?? false;
}

/** The UTM parameters of the visit's landing page, by their names without utm_. */
export type UTM = { source: string; medium: string; campaign: string; term: string; content: string };

/** How the visit came: its landing page's referrer and UTM parameters (the server cuts them to its limits). */
export function landing(kept: unknown[] = parse(visitKey)): { referrer: string; utm: UTM } {
  const [search, referrer] = kept;
  const q = new URLSearchParams(text(search));
  const [source, medium, campaign, term, content] = utmKeys.map((k) => q.get(k) ?? '');
  return { referrer: text(referrer), utm: { source, medium, campaign, term, content } };
}

/** The paths the visit read, first read first. */
export function pagesRead(): string[] {
  return parse(pagesKey).filter((p): p is string => typeof p === 'string').slice(0, maxPages);
}
