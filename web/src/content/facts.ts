// The company's facts: every figure the site states about the firm, each
// stated once. A page that shows a figure names its fact (a statistic's
// `fact`, a description's `{key}`) and never holds its own copy, so that a
// change reaches every page that quotes it. The facts are editable texts of
// the section `facts`, keyed `${fact}.value`, `.label`, `.note` and `.date`:
// edited in place wherever a figure shows (with History, Undo and the
// conflict check of every text) and together in the admin's Company facts
// section. A page's own label beside a figure stays the page's text, so
// that each page keeps its wording (SPEC section 2).
import type { ContentPage } from './registry';

export type Fact = {
  /** The figure as shown: `500+`, `95%`, `$50M+`. */
  value: string;
  /** What it counts, as the admin lists it. */
  label: string;
  /** Where the figure comes from (`Client survey, 2025, n=112`): a footnote beside the figure wherever it shows, when set. */
  note: string;
  /** When it was last measured (`March 2025`), shown in the footnote when set. */
  date: string;
};

export const factsSection = 'facts';

/**
 * The built-in facts. Where SPEC.md's copies disagreed, one value was
 * chosen (docs/EDITING.md, Company facts): projects delivered 500+ (not
 * 200+), client satisfaction 95% (not 99%), and one average ROI of 450%,
 * which the home page's benefits band quotes too (not 300%).
 */
export const facts = {
  'projects-delivered': { value: '500+', label: 'Projects delivered', note: '', date: '' },
  'enterprise-clients': { value: '200+', label: 'Enterprise clients', note: '', date: '' },
  'ai-experts': { value: '50+', label: 'AI experts', note: '', date: '' },
  'client-satisfaction': { value: '95%', label: 'Client satisfaction', note: '', date: '' },
  'efficiency-gain': { value: '40%', label: 'Average efficiency gain', note: '', date: '' },
  'average-roi': { value: '450%', label: 'Average ROI', note: '', date: '' },
  'total-savings': { value: '$50M+', label: 'Total client savings', note: '', date: '' },
  'implementation-time': { value: '6 months', label: 'Average implementation time', note: '', date: '' },
} satisfies Record<string, Fact>;

export type FactKey = keyof typeof facts;

export const factKeys = Object.keys(facts) as FactKey[];

/**
 * The pages that quote each fact, in a figure or in their description: the
 * admin says where a change shows, the in-place editor how many pages it
 * reaches, and e2e/company-facts.spec.ts visits them.
 */
export const factPages: Readonly<Record<FactKey, readonly string[]>> = {
  'projects-delivered': ['/', '/about-us', '/case-studies'],
  'enterprise-clients': ['/about-us'],
  'ai-experts': ['/about-us'],
  'client-satisfaction': ['/', '/about-us'],
  'efficiency-gain': ['/'],
  'average-roi': ['/', '/case-studies'],
  'total-savings': ['/case-studies'],
  'implementation-time': ['/case-studies'],
};

/** The facts as the Content tab lists them, beside the pages' texts. */
export const factsContent: ContentPage = {
  paths: ['/'],
  name: 'Company facts',
  sections: { [factsSection]: facts },
};

/** A fact's text as the page data holds it (stored, or empty for the built-in one): `projects-delivered.value`. */
export function factText(content: Record<string, Record<string, string>>, key: FactKey, field: keyof Fact): string {
  const stored = content[factsSection]?.[`${key}.${field}`];
  return stored !== undefined && stored !== '' ? stored : facts[key][field];
}

/** A text with `{fact-key}` in it, each replaced with its fact's value: the pages' descriptions quote facts so. */
export function withFacts(text: string, content: Record<string, Record<string, string>>): string {
  return text.replace(/\{([a-z-]+)\}/g, (whole, key: string) => (key in facts ? factText(content, key as FactKey, 'value') : whole));
}
