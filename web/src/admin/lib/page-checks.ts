// What a page or an article should have before visitors and search engines
// see it, checked while it is written: alt text of its images, the order of
// its headings, the length of what search results show, a title no other
// page has, links that lead somewhere, and an article's cover and excerpt.
// Warnings, not errors: the page saves all the same, and publishing with
// them asks first.
import { publicPages } from '@/content/public-pages';
import type { DocNode, Page, PageCheckID, RichDoc } from '@/lib/api-types';
import type { FormValues } from './fields';

/** The lengths search results show in full. */
export const metaTitleLength = { min: 30, max: 60 };
export const metaDescriptionLength = { min: 70, max: 160 };

/** The other pages a page is checked against: their titles and addresses. */
export type OtherPage = Pick<Page, 'id' | 'title' | 'slug' | 'template'>;

function parseDoc(text: unknown): RichDoc | null {
  if (typeof text !== 'string' || text === '') return null;
  try {
    return JSON.parse(text) as RichDoc;
  } catch {
    return null;
  }
}

function walk(node: DocNode | RichDoc, visit: (n: DocNode) => void) {
  visit(node);
  for (const child of node.content ?? []) walk(child, visit);
}

const text = (n: DocNode): string => n.text ?? (n.content ?? []).map(text).join('');

/** The warning of the alt text rule: count images somewhere ("in the body") have none. The Publish panel gives it too. */
export function altTextWarning(count: number, where: string): string {
  return count === 1 ? `An image ${where} has no alt text.` : `${count} images ${where} have no alt text.`;
}

/**
 * The warnings of a page's form values; id is the page's own, left out of
 * the comparisons; the checks in off (switched off in Settings) give none.
 */
export function pageChecks(values: FormValues, others: readonly OtherPage[], id?: number, off: ReadonlySet<PageCheckID> = new Set()): string[] {
  const out: string[] = [];
  const warn = (check: PageCheckID, message: string) => {
    if (!off.has(check)) out.push(message);
  };
  const str = (name: string) => String(values[name] ?? '').trim();
  const doc = parseDoc(values.body);
  let missingAlt = 0;
  let lastLevel = 1; // The page's title is its h1.
  const links = new Set<string>();
  if (doc) {
    walk(doc, (n) => {
      if (n.type === 'image' && !n.attrs?.alt?.trim()) missingAlt++;
      if (n.type === 'heading' && n.attrs?.level) {
        const level = n.attrs.level;
        if (level > lastLevel + 1) warn('headingOrder', `The heading “${text(n)}” (h${level}) follows an h${lastLevel}: use an h${lastLevel + 1} first.`);
        lastLevel = level;
      }
      for (const m of n.marks ?? []) if (m.type === 'link' && m.attrs?.href) links.add(m.attrs.href);
    });
  }
  if (missingAlt > 0) warn('altText', altTextWarning(missingAlt, 'in the body'));

  const metaTitle = str('metaTitle') || str('title');
  if (metaTitle && (metaTitle.length < metaTitleLength.min || metaTitle.length > metaTitleLength.max)) {
    warn('metaTitleLength', `The title search results show has ${metaTitle.length} characters: ${metaTitleLength.min} to ${metaTitleLength.max} show best.`);
  }
  const description = str('metaDescription');
  if (!description) warn('metaDescription', 'No meta description: search results will show a piece of the text instead.');
  else if (description.length < metaDescriptionLength.min || description.length > metaDescriptionLength.max) {
    warn('metaDescription', `The meta description has ${description.length} characters: ${metaDescriptionLength.min} to ${metaDescriptionLength.max} show best.`);
  }

  const title = str('title').toLowerCase();
  const same = others.find((p) => p.id !== id && p.title.trim().toLowerCase() === title);
  if (title && same) warn('duplicateTitle', `Another page has the same title: “${same.title}”.`);

  const paths = new Set<string>([...publicPages.map((p) => p.path), '/blog/feed.xml']);
  for (const p of others) paths.add(p.template === 'article' ? `/blog/${p.slug}` : `/${p.slug}`);
  for (const href of links) {
    if (!href.startsWith('/') || href.startsWith('//')) continue;
    const path = href.split(/[?#]/)[0].replace(/(.)\/$/, '$1');
    if (!paths.has(path) && !path.startsWith('/media/')) warn('brokenLinks', `The link to ${path} leads to no page of the site.`);
  }

  if (values.template === 'article') {
    if (!str('featuredImage')) warn('articleCover', 'The article has no cover: the blog shows a plain card for it.');
    if (!str('excerpt')) warn('articleCover', 'The article has no excerpt: the blog cuts one from its text.');
  }
  return out;
}
