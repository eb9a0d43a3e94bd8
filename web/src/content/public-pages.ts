// The built-in pages of the public site (SPEC section 2): each address with
// its title. What each tells search engines and link previews is
// content/page-descriptions.ts, which a first visit does not load. The
// router gives each its component (app/routes.tsx); the admin offers them
// as link targets. The server renders exactly these paths; anything else
// answers 404.

/** What a page tells search engines and link previews about itself. */
export type PageMeta = {
  title: string;
  /** Left out for the built-in pages, whose descriptions are content/page-descriptions.ts. */
  description?: string;
  /** The whole browser title, when the page sets its own (a published page's meta title). */
  documentTitle?: string;
};

function page<P extends string>(path: P, title: string): { path: P; meta: PageMeta } {
  return { path, meta: { title } };
}

export const publicPages = [
  page('/', 'Enterprise AI Solutions, Consulting & Staffing'),
  page('/ai-journey', 'Free AI Consultation'),
  page('/privacy-policy', 'Privacy Policy'),
  page('/terms-of-service', 'Terms of Service'),
  page('/cookie-policy', 'Cookie Policy'),
  page('/machine-learning', 'Machine Learning Solutions'),
  page('/deep-learning', 'Deep Learning Solutions'),
  page('/natural-language-processing', 'Natural Language Processing Solutions'),
  page('/computer-vision', 'Computer Vision Solutions'),
  page('/predictive-analytics', 'Predictive Analytics Solutions'),
  page('/ai-consulting', 'AI Consulting Services'),
  page('/strategy-development', 'AI Strategy Development'),
  page('/implementation', 'AI Implementation Services'),
  page('/ongoing-support', 'Ongoing AI Support'),
  page('/training-education', 'AI Training & Education'),
  page('/about-us', 'About Us'),
  page('/case-studies', 'Case Studies'),
  page('/blog', 'Blog'),
  page('/careers', 'Careers'),
] as const;

/** The address of a built-in page. */
export type PublicPath = (typeof publicPages)[number]['path'];
