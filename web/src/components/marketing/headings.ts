// The display treatment of the public pages' headings (docs/DESIGN.md,
// "Display headings"): large, in Inter semibold with tight tracking,
// growing with the viewport from 1024 px up to 1920 px (the `display` and
// `headline` sizes of styles.css). The heading components (PageHero, the
// home page's hero, SectionHeading, CtaBanner) take their classes from here,
// so that no page sets a heading's size of its own.

/** A page's one H1, in its hero. */
export const displayHeading = 'text-3xl font-semibold tracking-tight min-[22rem]:text-4xl sm:text-5xl lg:text-display lg:tracking-display';

/** A section's title (H2), and the closing call to action's. */
export const headline = 'text-3xl font-semibold tracking-tight sm:text-4xl lg:text-headline lg:tracking-display';

/** The lead paragraph under a hero's H1, a step larger on wide screens. */
export const heroLead = 'text-lg leading-8 2xl:text-xl 2xl:leading-9';
