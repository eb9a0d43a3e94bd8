// Structured data (JSON-LD, schema.org) of a public page, for search
// engines: the organisation and the website on every page, the breadcrumb
// trail of an inner page, a JobPosting per open position on /careers, the
// FAQPage of a service page and a BlogPosting on an article's page, made
// from the texts as they show (saved ones over the built-in copy).
import { careers, jobTemplate, type Job } from '@/content/careers';
import { faqTemplate } from '@/components/marketing/faq-list';
import { groupRule } from '@/content/groups';
import { serviceContents as servicePageContents, serviceSections } from '@/content/services';
import { shownOrder, showsPlaceholder } from '@/features/editable-text/group-order';
import { imageSources } from '@/components/ui/responsive-image';
import { articlePath, companyName, type PublishedArticle, type SiteData } from '@/lib/site-data';

type Thing = Record<string, unknown>;

/** The address of a path of the site, or an address as it is. */
function absolute(origin: string, href: string): string {
  return href.startsWith('/') ? origin + href : href;
}

function organization(origin: string, data: SiteData): Thing {
  const s = data.settings;
  const logo = s.useImageLogo && s.logoImageUrl ? absolute(origin, s.logoImageUrl) : `${origin}/icon-512.png`;
  return { '@type': 'Organization', '@id': `${origin}/#organization`, name: companyName(data), url: `${origin}/`, logo };
}

function website(origin: string, data: SiteData): Thing {
  return { '@type': 'WebSite', '@id': `${origin}/#website`, name: companyName(data), url: `${origin}/`, publisher: { '@id': `${origin}/#organization` } };
}

/** The trail from the home page to the page: each step a name and its path. */
function breadcrumbs(origin: string, steps: [name: string, path: string][]): Thing {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [['Home', '/'], ...steps].map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: origin + path })),
  };
}

/**
 * An article as a BlogPosting: its headline, dates, author (the company
 * when it has no byline), cover, publisher and page.
 */
export function blogPosting(origin: string, a: PublishedArticle): Thing {
  const url = origin + articlePath(a.slug);
  const image = a.cover ? imageSources(a.cover).src : '';
  return {
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: a.title,
    ...(a.excerpt ? { description: a.excerpt } : {}),
    datePublished: a.publishedAt,
    dateModified: a.updatedAt,
    author: a.author ? { '@type': 'Person', name: a.author } : { '@id': `${origin}/#organization` },
    ...(image ? { image: absolute(origin, image) } : {}),
    publisher: { '@id': `${origin}/#organization` },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    ...(a.category ? { articleSection: a.category } : {}),
    ...(a.tags.length > 0 ? { keywords: a.tags.join(', ') } : {}),
    url,
  };
}

/**
 * The items of a repeating group as the page shows them: the saved order
 * (new items from the template) and each text saved over the built-in one.
 */
function shownGroup<T extends { id: string }>(data: SiteData, section: string, builtIn: readonly T[], template: Omit<T, 'id'>, fields: readonly (keyof T & string)[]): T[] {
  const texts = data.content[section] ?? {};
  const byId = new Map<string, T>(builtIn.map((it) => [it.id, it]));
  const order = shownOrder(texts.items, builtIn.map((it) => it.id), true, groupRule(section, 'items'));
  // As the page: an added item still showing a placeholder is not shown.
  const shown = order.filter((id) => byId.has(id) || !showsPlaceholder(template, (f) => texts[`items.${id}.${f}`]));
  return shown.map((id) => {
    const base = byId.get(id) ?? ({ ...template, id } as T);
    const out = { ...base };
    for (const f of fields) {
      const saved = texts[`items.${id}.${f}`];
      if (saved) (out as Record<string, unknown>)[f] = saved;
    }
    return out;
  });
}

/** The open positions as /careers shows them. */
export function shownJobs(data: SiteData): Job[] {
  return shownGroup(data, 'careers.jobs', careers.jobs.items, jobTemplate, ['title', 'department', 'location', 'type', 'salary', 'description']);
}

/** A FAQPage of the questions a service page shows; none for another page. */
function faqPage(pathname: string, data: SiteData): Thing | null {
  const page = servicePageContents.find((c) => `/${c.slug}` === pathname);
  if (!page) return null;
  const items = shownGroup(data, serviceSections(page).faq, page.faq.items, faqTemplate, ['question', 'answer']);
  return {
    '@type': 'FAQPage',
    mainEntity: items.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer } })),
  };
}

const employmentTypes: Record<string, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  contractor: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
};

const currencies: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' };

/** "$180,000 – $220,000" as a yearly salary range; null when it does not read as one. */
export function salaryRange(text: string): Thing | null {
  const m = /^\s*([$€£])\s*([\d,]+)\s*(?:[-–—]|to)\s*[$€£]?\s*([\d,]+)\s*$/.exec(text);
  if (!m) return null;
  const min = Number(m[2].replace(/,/g, ''));
  const max = Number(m[3].replace(/,/g, ''));
  if (!(min > 0 && max >= min)) return null;
  return { '@type': 'MonetaryAmount', currency: currencies[m[1]], value: { '@type': 'QuantitativeValue', minValue: min, maxValue: max, unitText: 'YEAR' } };
}

/** Where the position is: a remote one with the country it is open to, or a city and region. */
function jobPlace(location: string): Thing {
  const remote = /^remote\b(?:\s*\(([^)]+)\))?/i.exec(location.trim());
  if (remote) {
    return { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: remote[1]?.trim() || 'US' } };
  }
  // "San Francisco, CA" is a US city and state; "London, United Kingdom" a city and its country.
  const [locality, rest] = location.split(',').map((p) => p.trim());
  const place = !rest ? {} : /^[A-Z]{2}$/.test(rest) ? { addressRegion: rest, addressCountry: 'US' } : { addressCountry: rest };
  return { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: locality, ...place } } };
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A JobPosting per position with what search engines require (title,
 * description, datePosted, hiringOrganization, jobLocation or a remote
 * location with the applicants' country) and employmentType and
 * baseSalary where the texts read as such. A position added on the page
 * has no opening date and gets none.
 */
export function jobPostings(origin: string, data: SiteData): Thing[] {
  return shownJobs(data)
    .filter((j) => j.posted && isoDate.test(j.posted))
    .map((j) => {
      const salary = salaryRange(j.salary);
      const type = employmentTypes[j.type.trim().toLowerCase()];
      return {
        '@type': 'JobPosting',
        title: j.title,
        description: j.description,
        datePosted: j.posted,
        hiringOrganization: { '@type': 'Organization', name: companyName(data), sameAs: `${origin}/`, logo: `${origin}/icon-512.png` },
        ...jobPlace(j.location),
        ...(type ? { employmentType: type } : {}),
        ...(salary ? { baseSalary: salary } : {}),
        identifier: { '@type': 'PropertyValue', name: companyName(data), value: j.id },
        url: `${origin}/careers`,
      };
    });
}

/**
 * The structured data of the page at pathname, named name (its title
 * without the company's name), as one JSON-LD graph; none for a page that
 * is not found or without the site's origin.
 */
export function structuredData(origin: string, pathname: string, name: string, found: boolean, data: SiteData): Thing | null {
  if (!origin || !found) return null;
  const graph: Thing[] = [organization(origin, data), website(origin, data)];
  const article = data.article && pathname === articlePath(data.article.slug) ? data.article : undefined;
  if (article) {
    graph.push(breadcrumbs(origin, [['Blog', '/blog'], [name, pathname]]), blogPosting(origin, article));
  } else if (pathname !== '/') {
    graph.push(breadcrumbs(origin, [[name, pathname]]));
  }
  if (pathname === '/careers') graph.push(...jobPostings(origin, data));
  const faq = faqPage(pathname, data);
  if (faq) graph.push(faq);
  return { '@context': 'https://schema.org', '@graph': graph };
}
