// What the lead forms keep of what a visitor typed, for the length of a
// visit, in sessionStorage (see lib/visit.ts): it ends with the browser
// tab, and nothing leaves the browser except with a lead.
import { withSession } from '@/lib/visit';

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
