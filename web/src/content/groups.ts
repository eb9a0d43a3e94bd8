// How many items each repeating group of the copy may have, what its items
// are called and what an added item's texts start as: the one place that
// says so. An admin in edit mode adds,
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
  /**
   * The texts an item added in edit mode starts with, by field: until each is
   * rewritten, visitors do not see the item (features/editable-text/group-order.ts)
   * and the Publish panel says so. Its fields are the texts of the group's
   * items; the page gives the rest (an icon, a link). Without one, items
   * cannot be added.
   */
  template?: Readonly<Record<string, string>>;
};

export const defaultGroupRule: GroupRule = { min: 1, max: 12, noun: 'item' };

// The texts most groups' new items share.
const card = { title: 'New card', description: 'Describe it here.' };
const figure = { number: '0', label: 'New figure' };

/** The rules, `section/key` pattern to limits. */
export const groupRules: [pattern: string, rule: GroupRule][] = [
  // Home page. The hero's three figures fill its three columns exactly.
  ['hero/stats', { min: 3, max: 3, noun: 'figure', template: figure }],
  // The wordmarks share a row of six from 1280 px; the badges a row of five from 1024 px.
  ['clients/items', { min: 3, max: 12, noun: 'client', template: { name: 'Client' } }],
  ['clients/partners', { min: 1, max: 10, noun: 'partner badge', template: { name: 'Platform', tier: 'Partner tier' } }],
  ['vision/cards', { min: 2, max: 6, noun: 'card', template: card }],
  ['solutions/ai_solutions', { min: 2, max: 8, noun: 'solution', template: { title: 'New solution', description: 'Describe it here.' } }],
  ['solutions/staffing', { min: 2, max: 8, noun: 'staffing model', template: { title: 'New staffing model', description: 'Describe it here.' } }],
  ['solutions/ai_capabilities', { min: 1, max: 4, noun: 'capability', plural: 'capabilities', template: { title: 'New capability', description: 'Describe it here.' } }],
  ['benefits/stats', { min: 2, max: 8, noun: 'figure', template: figure }],
  ['benefits/points', { min: 1, max: 6, noun: 'benefit', template: { title: 'New benefit', description: 'Describe it here.' } }],
  // The solution and service pages.
  ['*.capabilities/items', { min: 2, max: 12, noun: 'card', template: card }],
  ['*.faq/items', { min: 1, max: 10, noun: 'question', vertical: true, template: { question: 'A question buyers ask?', answer: 'The answer, in a sentence or two.' } }],
  // The 404 page's destinations fill a two-column grid.
  ['not-found/destinations.items', { min: 2, max: 6, noun: 'destination', template: { title: 'A destination', description: 'What visitors find there.' } }],
  ['*.applications/items', { min: 1, max: 8, noun: 'application', template: { title: 'New use case', description: 'Describe it here.', impact: 'The result it brings' } }],
  ['*.industries/items', { min: 1, max: 12, noun: 'industry', plural: 'industries', template: { name: 'New industry', description: 'Describe it here.' } }],
  ['*.stack/frameworks', { min: 1, max: 8, noun: 'framework', template: { name: 'New framework', description: 'Describe it here.' } }],
  ['*.services/items', { min: 2, max: 12, noun: 'card', template: card }],
  // A service page's steps fill one row of its timeline from 1024 px.
  ['*.process/steps', { min: 2, max: 5, noun: 'step', template: { title: 'New step', duration: '1 week', description: 'What happens in this step.' } }],
  // Free consultation.
  ['ai-journey.benefits/items', { min: 2, max: 12, noun: 'card', template: card }],
  ['ai-journey.solutions/items', { min: 1, max: 8, noun: 'solution', template: { title: 'New solution', description: 'What it does for the client.', impact: 'The impact it brings' } }],
  ['ai-journey.process/items', { min: 2, max: 8, noun: 'step', template: { title: 'New step', description: 'What happens in this step.' } }],
  // About us.
  ['about.mission/paragraphs', { min: 1, max: 6, noun: 'paragraph', vertical: true, template: { text: 'A new paragraph.' } }],
  ['about.values/items', { min: 2, max: 12, noun: 'value', vertical: true, template: { title: 'New value', description: 'Describe it here.' } }],
  ['about.stats/items', { min: 2, max: 8, noun: 'figure', template: figure }],
  ['about.leaders/items', { min: 1, max: 12, noun: 'leader', template: { name: 'New team member', role: 'Role', expertise: 'Areas of expertise', background: 'A sentence about their background.' } }],
  // Case studies, careers.
  ['case-studies.track-record/items', { min: 2, max: 8, noun: 'figure', template: figure }],
  ['careers.perks/items', { min: 2, max: 12, noun: 'perk', vertical: true, template: { title: 'New perk', description: 'Describe it here.' } }],
  // Privacy, terms and cookie policies.
  ['*.sections/items', { min: 1, max: 30, noun: 'section', vertical: true, template: { heading: 'New section' } }],
  ['*.sections/items.*.paragraphs', { min: 1, max: 12, noun: 'paragraph', vertical: true, template: { text: 'Write the paragraph here.' } }],
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
