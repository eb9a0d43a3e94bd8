// What the lead forms keep for the length of a visit, in sessionStorage: it
// ends with the browser tab, and nothing leaves the browser except with a
// lead. Every function here touches storage, so callers run them in effects
// and event handlers, never during render. Reading the visit back is in
// api/lead-context.ts, which loads only when a form is sent.

/** Runs fn with the tab's sessionStorage; does nothing when storage is off or full. */
export function withSession<T>(fn: (s: Storage) => T): T | undefined {
  try {
    return fn(window.sessionStorage);
  } catch {
    return undefined;
  }
}

/** The storage key of the visit: [landing query string, landing referrer]. */
export const visitKey = 'leadVisit';

/** Keeps the query string and referrer of the first page of this tab's visit. */
export function captureVisit(search: string, referrer: string): void {
  withSession((s) => s.getItem(visitKey) ?? s.setItem(visitKey, JSON.stringify([search, referrer])));
}

/** What a visitor has typed into one form, and when it was first shown (ms since epoch). */
export type Draft = { values: Record<string, unknown>; shownAt: number };

const draftKey = (form: string) => `leadDraft:${form}`;

export function saveDraft(form: string, draft: Draft): void {
  withSession((s) => s.setItem(draftKey(form), JSON.stringify(draft)));
}

export function readDraft(form: string): Partial<Draft> | undefined {
  return withSession((s) => JSON.parse(s.getItem(draftKey(form)) ?? '{}') as Partial<Draft>);
}

export function clearDraft(form: string): void {
  withSession((s) => s.removeItem(draftKey(form)));
}
