// Structured data (JSON-LD, schema.org) of a public page, for search
// engines: the organisation and the website on every page, the breadcrumb
// trail of an inner page, a JobPosting per open position on /careers and on each position's page, the
// FAQPage of a service or solution page and a BlogPosting on an article's page, made
// from the texts as they show (saved ones over the built-in copy).
import { groupRule } from '@/content/groups';
import type { Faq } from '@/content/service-engagement';
import { serviceContents as servicePageContents, serviceSections } from '@/content/services';
import { solutionContents, solutionSections } from '@/content/solutions';
import { itemTemplate, shownOrder, showsPlaceholder } from '@/features/editable-text/group-order';
import { imageSources } from '@/components/ui/responsive-image';
import type { EmploymentType, PublicCaseStudy, PublicPosition } from '@/lib/api-types';
import { caseStudiesPath, caseStudyPath, items } from '@/lib/case-studies';
import { positionPath } from '@/lib/positions';
import { docText } from '@/lib/rich-text';
import { articlePath, companyName, mediaRefId, type PublishedArticle, type SiteData } from '@/lib/site-data';

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
function shownGroup<T extends { id: string }>(data: SiteData, section: string, builtIn: readonly T[], fields: readonly (keyof T & string)[]): T[] {
  const texts = data.content[section] ?? {};
  const byId = new Map<string, T>(builtIn.map((it) => [it.id, it]));
  const rule = groupRule(section, 'items');
  const template = itemTemplate<T>(rule) ?? ({} as Omit<T, 'id'>);
  const order = shownOrder(texts.items, builtIn.map((it) => it.id), !!rule.template, rule);
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

/** The pages with questions and answers: the service and solution pages, by address, with their FAQ's section and copy. */
const faqs = new Map<string, { section: string; faq: Faq }>([
  ...servicePageContents.map((c) => [`/${c.slug}`, { section: serviceSections(c).faq, faq: c.faq }] as const),
  ...solutionContents.map((c) => [`/${c.slug}`, { section: solutionSections(c).faq, faq: c.faq }] as const),
]);

/** A FAQPage of the questions a service or solution page shows; none for another page. */
function faqPage(pathname: string, data: SiteData): Thing | null {
  const page = faqs.get(pathname);
  if (!page) return null;
  const items = shownGroup(data, page.section, page.faq.items, ['question', 'answer']);
  return {
    '@type': 'FAQPage',
    mainEntity: items.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer } })),
  };
}

const employmentTypes: Record<EmploymentType, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
};

/** The position's yearly salary range; null when it gives none. */
export function salaryRange(p: PublicPosition): Thing | null {
  if (p.salaryMax <= 0) return null;
  return {
    '@type': 'MonetaryAmount',
    currency: p.currency,
    value: { '@type': 'QuantitativeValue', minValue: p.salaryMin > 0 ? p.salaryMin : p.salaryMax, maxValue: p.salaryMax, unitText: 'YEAR' },
  };
}

/** Where the position is: a remote one with the regions it is open to, or a city and region. */
function jobPlace(p: PublicPosition): Thing {
  if (p.remote) {
    const regions = p.regions.split(/\s*,\s*/).filter(Boolean);
    const countries = regions.map((name) => ({ '@type': 'Country', name }));
    return { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: countries.length === 1 ? countries[0] : countries };
  }
  // "San Francisco, CA" is a US city and state; "London, United Kingdom" a city and its country.
  const [locality, rest] = p.location.split(',').map((s) => s.trim());
  const place = !rest ? {} : /^[A-Z]{2}$/.test(rest) ? { addressRegion: rest, addressCountry: 'US' } : { addressCountry: rest };
  return { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: locality, ...place } } };
}

/**
 * A position as a JobPosting with what search engines require (title,
 * description, datePosted, hiringOrganization, jobLocation or a remote
 * location with the applicants' regions), its employment type and salary,
 * and validThrough, the end of its closing day, when it has one.
 */
export function jobPosting(origin: string, data: SiteData, p: PublicPosition): Thing {
  const salary = salaryRange(p);
  const url = origin + positionPath(p.slug);
  return {
    '@type': 'JobPosting',
    title: p.title,
    description: p.description ? docText(p.description) : p.summary,
    datePosted: p.postedOn,
    ...(p.closesOn ? { validThrough: `${p.closesOn}T23:59:59Z` } : {}),
    hiringOrganization: { '@type': 'Organization', name: companyName(data), sameAs: `${origin}/`, logo: `${origin}/icon-512.png` },
    ...jobPlace(p),
    employmentType: employmentTypes[p.employmentType],
    ...(salary ? { baseSalary: salary } : {}),
    identifier: { '@type': 'PropertyValue', name: companyName(data), value: p.slug },
    url,
  };
}

/**
 * A case study as an Article: its headline, summary, the client's industry
 * as its section, its technologies as keywords, its picture, the company
 * as author and publisher, and its page.
 */
export function studyArticle(origin: string, data: SiteData, s: PublicCaseStudy): Thing {
  const url = origin + caseStudyPath(s.slug);
  const id = mediaRefId(s.image);
  const image = id === undefined ? undefined : data.media[String(id)];
  const keywords = items(s.technologies);
  return {
    '@type': 'Article',
    '@id': `${url}#article`,
    headline: s.title,
    description: s.summary,
    articleSection: s.industry,
    ...(keywords.length > 0 ? { keywords: keywords.join(', ') } : {}),
    ...(image ? { image: absolute(origin, imageSources(image).src) } : {}),
    author: { '@id': `${origin}/#organization` },
    publisher: { '@id': `${origin}/#organization` },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
  };
}

/** The JobPostings of the open positions, as /careers lists them. */
export function jobPostings(origin: string, data: SiteData): Thing[] {
  return (data.careers?.open ?? []).map((p) => jobPosting(origin, data, p));
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
  const position = data.careers?.position && pathname === positionPath(data.careers.position.slug) ? data.careers.position : undefined;
  const study = data.caseStudy && pathname === caseStudyPath(data.caseStudy.slug) ? data.caseStudy : undefined;
  if (article) {
    graph.push(breadcrumbs(origin, [['Blog', '/blog'], [name, pathname]]), blogPosting(origin, article));
  } else if (position) {
    graph.push(breadcrumbs(origin, [['Careers', '/careers'], [name, pathname]]), jobPosting(origin, data, position));
  } else if (study) {
    graph.push(breadcrumbs(origin, [['Case Studies', caseStudiesPath], [name, pathname]]), studyArticle(origin, data, study));
  } else if (pathname !== '/') {
    graph.push(breadcrumbs(origin, [[name, pathname]]));
  }
  if (pathname === '/careers') graph.push(...jobPostings(origin, data));
  const faq = faqPage(pathname, data);
  if (faq) graph.push(faq);
  return { '@context': 'https://schema.org', '@graph': graph };
}
