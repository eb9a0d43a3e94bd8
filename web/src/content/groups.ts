// How many items each repeating group of the copy may have, and what its
// items are called: the one place that says so. An admin in edit mode adds,
// removes and reorders the items of a group on the page within these limits
// (features/editable-text/group-controls.tsx), and a stored order outside them
// is not shown (features/editable-text/group-order.ts).
//
// A rule names the group as `section/key`, where `*` stands for any one part
// of a dotted name: `*.capabilities/items` is the list `items` of the
// section `capabilities` of every solution page. The first rule that matches
// applies; a group no rule names gets the defaults (1 to 12 items).
// Content tests check that every group of the copy has a rule and fits it.

export type GroupRule = {
  /** Fewest items the design works with. */
  min: number;
  /** Most items that fit the layout. */
  max: number;
  /** What one item is called, in lower case: `card`, `case study`. */
  noun: string;
  /** The plural, when it is not the noun with an s. */
  plural?: string;
  /** The items run down the page (a list) rather than across it (a grid): the move buttons point up and down. */
  vertical?: boolean;
};

export const defaultGroupRule: GroupRule = { min: 1, max: 12, noun: 'item' };

/** The rules, `section/key` pattern to limits. */
export const groupRules: [pattern: string, rule: GroupRule][] = [
  // Home page. The hero's three figures fill its three columns exactly.
  ['hero/stats', { min: 3, max: 3, noun: 'figure' }],
  // The wordmarks share a row of six from 1280 px; the badges a row of five from 1024 px.
  ['clients/items', { min: 3, max: 12, noun: 'client' }],
  ['clients/partners', { min: 1, max: 10, noun: 'partner badge' }],
  ['vision/cards', { min: 2, max: 6, noun: 'card' }],
  ['solutions/ai_solutions', { min: 2, max: 8, noun: 'solution' }],
  ['solutions/staffing', { min: 2, max: 8, noun: 'staffing model' }],
  ['solutions/ai_capabilities', { min: 1, max: 4, noun: 'capability', plural: 'capabilities' }],
  ['benefits/stats', { min: 2, max: 8, noun: 'figure' }],
  ['benefits/points', { min: 1, max: 6, noun: 'benefit' }],
  ['case-studies/items', { min: 1, max: 4, noun: 'case study', plural: 'case studies' }],
  // The solution and service pages.
  ['*.capabilities/items', { min: 2, max: 12, noun: 'card' }],
  ['*.faq/items', { min: 1, max: 10, noun: 'question', vertical: true }],
  // The 404 page's destinations fill a two-column grid.
  ['not-found/destinations.items', { min: 2, max: 6, noun: 'destination' }],
  ['*.applications/items', { min: 1, max: 8, noun: 'application' }],
  ['*.industries/items', { min: 1, max: 12, noun: 'industry', plural: 'industries' }],
  ['*.stack/frameworks', { min: 1, max: 8, noun: 'framework' }],
  ['*.services/items', { min: 2, max: 12, noun: 'card' }],
  // A service page's steps fill one row of its timeline from 1024 px.
  ['*.process/steps', { min: 2, max: 5, noun: 'step' }],
  // Free consultation.
  ['ai-journey.benefits/items', { min: 2, max: 12, noun: 'card' }],
  ['ai-journey.solutions/items', { min: 1, max: 8, noun: 'solution' }],
  ['ai-journey.process/items', { min: 2, max: 8, noun: 'step' }],
  // About us.
  ['about.mission/paragraphs', { min: 1, max: 6, noun: 'paragraph', vertical: true }],
  ['about.values/items', { min: 2, max: 12, noun: 'card' }],
  ['about.stats/items', { min: 2, max: 8, noun: 'figure' }],
  ['about.leaders/items', { min: 1, max: 12, noun: 'leader' }],
  // Case studies, careers.
  ['case-studies.studies/items', { min: 1, max: 20, noun: 'case study', plural: 'case studies' }],
  ['case-studies.track-record/items', { min: 2, max: 8, noun: 'figure' }],
  ['careers.perks/items', { min: 2, max: 12, noun: 'card' }],
  // Privacy, terms and cookie policies.
  ['*.sections/items', { min: 1, max: 30, noun: 'section', vertical: true }],
  ['*.sections/items.*.paragraphs', { min: 1, max: 12, noun: 'paragraph', vertical: true }],
];

function matches(pattern: string, name: string): boolean {
  const p = pattern.split(/([./])/);
  const n = name.split(/([./])/);
  return p.length === n.length && p.every((part, i) => part === '*' ? n[i] !== '' && n[i] !== '.' && n[i] !== '/' : part === n[i]);
}

/** The rule of the group `key` of `section`, as declared above; null when none names it. */
export function declaredGroupRule(section: string, key: string): GroupRule | null {
  const name = `${section}/${key}`;
  return groupRules.find(([pattern]) => matches(pattern, name))?.[1] ?? null;
}

/** The rule of the group `key` of `section`: its declared one, else the defaults. */
export function groupRule(section: string, key: string): GroupRule {
  return declaredGroupRule(section, key) ?? defaultGroupRule;
}

/** The noun for a count: `1 card`, `2 cards`. */
export function countOf(rule: GroupRule, n: number): string {
  return `${n} ${n === 1 ? rule.noun : pluralOf(rule)}`;
}

/** The noun with its article: `a card`, `an industry`. */
export function oneOf(rule: GroupRule): string {
  return `${/^[aeiou]/i.test(rule.noun) ? 'an' : 'a'} ${rule.noun}`;
}

export function pluralOf(rule: GroupRule): string {
  return rule.plural ?? `${rule.noun}s`;
}
