import { z } from 'zod';
import { avatarStyles } from '@/content/home';
import { employmentChoices } from '@/lib/positions';
import { docText, type RichDoc } from '@/lib/rich-text';
import { slugify } from './text';

// Zod probes whether it may compile code with Function(''); the site's
// Content-Security-Policy forbids that, so the probe shows as a violation in
// the console and in any CSP report. Interpreting schemas is fast enough for
// forms.
z.config({ jitless: true });

// The admin form rules of SPEC section 5. Order inputs arrive as text and
// leave as numbers.

const required = (label: string) => z.string().trim().min(1, `${label} is required`);
const optional = z.string().trim();
const order = z.coerce
  .number({ error: 'Order must be a number' })
  .refine((n) => Number.isFinite(n), 'Order must be a number')
  .refine((n) => Number.isInteger(n), 'Order must be a whole number');

/** The avatar colours the home page draws (content/home.ts), each named after the hue in its class name (Blue). */
export const avatarColours = Object.keys(avatarStyles).map((value) => {
  const hue = value.split('-')[1];
  return { value, label: hue.charAt(0).toUpperCase() + hue.slice(1) };
});

export const footerCategories = ['Solutions', 'Services', 'Company', 'Legal'].map((c) => ({ value: c, label: c }));

export const pageStatuses = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
];

export const pageTemplates = [
  { value: 'default', label: 'Page' },
  { value: 'article', label: 'Blog article' },
];

/** The categories of the blog, as an article names them (site.BlogCategories on the server). */
export const articleCategories = ['Machine Learning', 'Deep Learning', 'NLP', 'Computer Vision', 'AI Strategy', 'Industry Insights'].map((c) => ({ value: c, label: c }));

/** Tags typed as one line, separated by commas. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim().replace(/\s+/g, ' '))
    .filter((t) => t !== '');
}

const oneOf = (choices: { value: string }[], message: string) =>
  z.string().refine((v) => choices.some((c) => c.value === v), message);

/** The parent choice of a menu item's form that puts it at the top level. */
export const topLevel = 'none';

export const menuItemSchema = z.object({
  title: required('Title'),
  url: required('URL'),
  order,
  isActive: z.boolean(),
  // A top-level item's id, or none (null).
  parentId: z
    .string()
    .optional()
    .transform((v) => (!v || v === topLevel ? null : Number(v))),
});

export const imageSchema = z.object({
  name: required('Name'),
  url: required('URL'),
  altText: optional,
  section: optional,
  usage: optional,
});

const focal = (label: string) =>
  z.coerce.number({ error: `${label} must be a number from 0 to 1.` }).min(0, `${label} must be a number from 0 to 1.`).max(1, `${label} must be a number from 0 to 1.`);

/** What is said of an image of the media library (docs/API.md, "Media library"). */
export const mediaSchema = z.object({
  name: required('Name').max(200, 'Name must be at most 200 characters'),
  altText: optional.max(1000, 'Alt text must be at most 1,000 characters'),
  decorative: z.boolean(),
  caption: optional.max(2000, 'Caption must be at most 2,000 characters'),
  credit: optional.max(200, 'Credit must be at most 200 characters'),
  focalX: focal('Focal point x'),
  focalY: focal('Focal point y'),
});

export const testimonialSchema = z.object({
  name: required('Name'),
  title: required('Title'),
  content: required('Content'),
  initials: required('Initials').max(3, 'Initials must be at most 3 characters'),
  avatarBg: oneOf(avatarColours, 'Choose an avatar colour'),
  photo: optional.default(''),
  order,
  isActive: z.boolean(),
});

export const footerLinkSchema = z.object({
  title: required('Title'),
  category: oneOf(footerCategories, 'Category is required'),
  url: optional,
  order,
  isActive: z.boolean(),
});

/**
 * A rich-text field: the document's JSON text, sent as the document. It
 * must hold some text; the server checks the rest.
 */
const richText = (label: string) =>
  z.string().transform((json, ctx): RichDoc => {
    let doc: RichDoc | undefined;
    try {
      doc = json ? (JSON.parse(json) as RichDoc) : undefined;
    } catch {
      doc = undefined;
    }
    if (!doc || docText(doc).trim() === '') {
      ctx.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    return doc;
  });

export const pageSchema = z
  .object({
    title: required('Title'),
    slug: optional,
    body: richText('Body'),
    excerpt: optional,
    metaTitle: optional,
    metaDescription: optional,
    status: oneOf(pageStatuses, 'Choose a status'),
    template: z.string().transform((t) => t || 'default').pipe(z.enum(['default', 'article'], 'Choose a template')),
    featuredImage: optional,
    author: optional.max(100, 'Author must be at most 100 characters.'),
    category: optional,
    // The form's local time, sent as an instant; none keeps the time stored.
    publishedAt: optional
      .optional()
      .refine((t) => !t || !Number.isNaN(new Date(t).getTime()), 'Enter a date and time')
      .transform((t) => (t ? new Date(t).toISOString() : null)),
    tags: optional
      .transform(splitTags)
      .refine((t) => t.length <= 10, 'An article has at most 10 tags.')
      .refine((t) => t.every((tag) => tag.length <= 40), 'A tag must be at most 40 characters.'),
  })
  // An empty slug comes from the title (SPEC section 5).
  .transform((p) => ({ ...p, slug: p.slug || slugify(p.title) }))
  .refine((p) => p.slug !== '', { path: ['slug'], message: 'Slug is required' })
  .refine((p) => p.template !== 'article' || p.category !== '', { path: ['category'], message: 'Choose a category' });

export const positionStatuses = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const day = (label: string) => optional.refine((d) => d === '' || /^\d{4}-\d{2}-\d{2}$/.test(d), `${label} must be a day written YYYY-MM-DD.`);
const money = z.coerce.number({ error: 'Enter an amount in whole units' }).int('Enter an amount in whole units').min(0, 'Enter an amount in whole units');

/** A position of the careers (site.Position); the server checks the rest. */
export const positionSchema = z
  .object({
    title: required('Title'),
    slug: optional,
    department: required('Department'),
    remote: z.boolean(),
    location: optional,
    regions: optional,
    employmentType: oneOf(employmentChoices, 'Choose an employment type'),
    salaryMin: money,
    salaryMax: money,
    currency: optional.transform((c) => c.toUpperCase() || 'USD'),
    summary: required('Summary'),
    description: richText('Description'),
    postedOn: required('Posted date').pipe(day('Posted date')),
    closesOn: day('Closing date'),
    status: oneOf(positionStatuses, 'Choose a status'),
    order,
  })
  .transform((p) => ({ ...p, slug: p.slug || slugify(p.title) }))
  .refine((p) => p.remote || p.location !== '', { path: ['location'], message: 'Location is required, unless the position is remote.' })
  .refine((p) => !p.remote || p.regions !== '', { path: ['regions'], message: 'Name the regions a remote position is open to, such as US.' })
  .refine((p) => p.salaryMax >= p.salaryMin, { path: ['salaryMax'], message: 'The salary range must run from a minimum to a maximum at least as large.' });

// The server checks the rest: that the source is no page of the site and
// that no chain forms.
export const redirectSchema = z.object({
  source: required('Source').refine((s) => s.startsWith('/') && !s.startsWith('//'), 'Source must be a path of this site, starting with /'),
  target: required('Target'),
});

export const siteSettingsSchema = z.object({
  logoText: optional,
  logoImageUrl: optional,
  logoImageAlt: optional,
  useImageLogo: z.boolean(),
  primaryColor: z.string().trim().regex(/^(#[0-9a-fA-F]{6})?$/, 'Use a colour like #2563eb'),
  secondaryColor: z.string().trim().regex(/^(#[0-9a-fA-F]{6})?$/, 'Use a colour like #1e40af'),
  newsletterInFooter: z.boolean(),
});

/** The first message for each field of a failed parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** A case study (site.CaseStudy); the server checks the limits of each field and list. */
export const caseStudySchema = z
  .object({
    title: required('Title'),
    slug: optional,
    client: required('Client'),
    industry: required('Industry'),
    summary: required('Summary'),
    challenge: required('Challenge'),
    approach: required('Approach'),
    results: required('Results'),
    technologies: optional,
    timeline: optional,
    roi: optional,
    quote: optional,
    quoteAuthor: optional,
    quoteRole: optional,
    team: optional,
    image: optional.default(''),
    picture: optional.default(''),
    featured: z.boolean(),
    isActive: z.boolean(),
    order,
  })
  .transform((s) => ({ ...s, slug: s.slug || slugify(s.title) }))
  .refine((s) => s.quote === '' || s.quoteAuthor !== '', { path: ['quoteAuthor'], message: 'Say who said the quote (a name, or a role if the client stays anonymous).' });
