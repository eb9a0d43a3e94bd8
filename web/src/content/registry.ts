// Every editable text of the public site, by page and section, with its
// built-in copy: what the Content tab lists and the in-place editor checks
// keys against. A section's texts are the string leaves of its copy; a list
// of objects with ids is a repeating group, whose item texts are keyed
// `${group}.${id}.${field}` (see features/editable-text/content-scope.tsx).
import { factPages, factsSection, type FactKey } from '@/content/facts';
import { servicePaths, sitePaths, solutionPaths } from '@/content/site-paths';
import { NOT_TEXT } from '@/content/text-fields';

export type EditableEntry = { section: string; key: string; fallback: string };

export type ContentPage = {
  /** The address, or the addresses, the page has. */
  paths: string[];
  /** The page's name in the admin. */
  name: string;
  /** Section id to its built-in copy. */
  sections: Record<string, object>;
};

/** The texts of one section's copy, in the order they are written. */
export function sectionTexts(section: string, copy: object): EditableEntry[] {
  const out: EditableEntry[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      out.push({ section, key, fallback: value });
    } else if (Array.isArray(value)) {
      value.forEach((item: unknown, i) => {
        const id = item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string' ? (item as { id: string }).id : String(i);
        walk(item, `${key}.${id}`);
      });
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (!NOT_TEXT.has(k)) walk(v, key ? `${key}.${k}` : k);
      }
    }
  };
  walk(copy, '');
  return out;
}

/** The repeating groups of one section's copy: the keys of its lists of items with ids. */
export function sectionGroups(copy: object): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (Array.isArray(value)) {
      if (value.length > 0 && value.every((it) => it && typeof it === 'object' && typeof (it as { id?: unknown }).id === 'string')) {
        out.push(key);
      }
      value.forEach((item: unknown) => {
        if (item && typeof item === 'object') walk(item, `${key}.${(item as { id?: string }).id ?? ''}`);
      });
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (!NOT_TEXT.has(k)) walk(v, key ? `${key}.${k}` : k);
      }
    }
  };
  walk(copy, '');
  return out;
}

/** The built-in items of the group `key` (a dotted path through lists' item ids) of a section's copy; null when it has none. */
export function groupItems(copy: object, key: string): ({ id: string } & Record<string, unknown>)[] | null {
  let node: unknown = copy;
  for (const part of key.split('.')) {
    node = Array.isArray(node) ? node.find((it: { id?: unknown }) => it?.id === part) : (node as Record<string, unknown> | undefined)?.[part];
  }
  return Array.isArray(node) ? (node as ({ id: string } & Record<string, unknown>)[]) : null;
}

/** Where a shared section's texts show, so that an editor knows what a change reaches. */
export type SharedSectionPages = {
  /** The site's own pages that show it, by address. */
  paths: readonly string[];
  /** Whether the 404 page shows it too. */
  notFound: boolean;
  /** Whether each page an admin publishes shows it too. */
  published: boolean;
};

/**
 * The pages on which each shared section (content/shared.ts) shows: the one
 * place that says it. e2e/edit-everywhere.spec.ts checks it against the
 * sections it finds on every page, so the count the in-place editor shows
 * ("Appears on 19 pages") cannot drift from the site.
 */
export const sharedSectionPages: Readonly<Record<string, SharedSectionPages>> = {
  header: { paths: sitePaths, notFound: true, published: true },
  footer: { paths: sitePaths, notFound: true, published: true },
  // The label of asking for a consultation: the inner pages' hero, the hero
  // of /ai-journey and the send button of the lead forms (/ and /ai-journey).
  'shared.consultation': { paths: ['/', '/ai-journey', ...solutionPaths, ...servicePaths, '/about-us'], notFound: false, published: false },
  // The buttons of the inner pages' hero, where they do not repeat the page's purpose.
  'shared.hero-actions': { paths: [...solutionPaths, ...servicePaths, '/about-us'], notFound: false, published: false },
  // The closing call to action of the content pages.
  'shared.cta': {
    paths: [...solutionPaths, ...servicePaths, '/privacy-policy', '/terms-of-service', '/cookie-policy', '/about-us', '/case-studies', '/blog', '/careers'],
    notFound: false,
    published: true,
  },
  // The company's facts (content/facts.ts): each fact on the pages that quote it.
  [factsSection]: { paths: [...new Set(Object.values(factPages).flat())], notFound: false, published: false },
};

/** Where the text `key` of a shared section shows; a fact's texts, where that fact does. Undefined for a page's own section. */
export function sharedPagesOf(section: string, key: string): SharedSectionPages | undefined {
  const where = sharedSectionPages[section];
  if (!where || section !== factsSection) return where;
  const fact = key.split('.')[0] as FactKey;
  return factPages[fact] ? { ...where, paths: factPages[fact] } : where;
}
