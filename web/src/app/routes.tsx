import type { ComponentType } from 'react';
import { lazyPage } from '@/app/lazy-page';
import { publicPages, type PageMeta, type PublicPath } from '@/content/public-pages';
import { closedPositionTitle, withdrawnStudyTitle } from '@/content/record-pages';
import type { CaseStudyCard, PublicCaseStudy } from '@/lib/api-types';
import { caseStudyPath } from '@/lib/case-studies';
import type { PublicPosition } from '@/lib/api-types';
import { positionPath } from '@/lib/positions';
import { articlePath, type PublishedArticle, type PublishedPage, type SiteData } from '@/lib/site-data';
import { HomePage } from '@/pages/home/home-page';

export type PublicRoute = {
  path: string;
  meta: PageMeta;
  Component: ComponentType;
};

// Each built-in page's component, by its address (content/public-pages.ts).
// Pages other than home are fetched on demand, grouped by the layout they share.
const solutions = () => import('@/pages/solutions/solution-pages');
const services = () => import('@/pages/services/service-pages');
const legal = () => import('@/pages/legal/legal-page');

const components: Record<PublicPath, ComponentType> = {
  '/': HomePage,
  '/ai-journey': lazyPage(() => import('@/pages/ai-journey/ai-journey-page'), (m) => m.AiJourneyPage),
  '/privacy-policy': lazyPage(legal, (m) => m.PrivacyPolicyPage),
  '/terms-of-service': lazyPage(legal, (m) => m.TermsOfServicePage),
  '/cookie-policy': lazyPage(legal, (m) => m.CookiePolicyPage),
  '/machine-learning': lazyPage(solutions, (m) => m.MachineLearningPage),
  '/deep-learning': lazyPage(solutions, (m) => m.DeepLearningPage),
  '/natural-language-processing': lazyPage(solutions, (m) => m.NaturalLanguageProcessingPage),
  '/computer-vision': lazyPage(solutions, (m) => m.ComputerVisionPage),
  '/predictive-analytics': lazyPage(solutions, (m) => m.PredictiveAnalyticsPage),
  '/ai-consulting': lazyPage(services, (m) => m.AiConsultingPage),
  '/strategy-development': lazyPage(services, (m) => m.StrategyDevelopmentPage),
  '/implementation': lazyPage(services, (m) => m.ImplementationPage),
  '/ongoing-support': lazyPage(services, (m) => m.OngoingSupportPage),
  '/training-education': lazyPage(services, (m) => m.TrainingEducationPage),
  '/about-us': lazyPage(() => import('@/pages/company/about-page'), (m) => m.AboutPage),
  '/case-studies': lazyPage(() => import('@/pages/company/case-studies-page'), (m) => m.CaseStudiesPage),
  '/blog': lazyPage(() => import('@/pages/company/blog-page'), (m) => m.BlogPage),
  '/careers': lazyPage(() => import('@/pages/company/careers-page'), (m) => m.CareersPage),
};

export const publicRoutes: PublicRoute[] = publicPages.map((p) => ({ ...p, Component: components[p.path] }));

// The pages the newsletter's links open: rendered like the others, but in no
// list of pages (paths() leaves them out), so that the server keeps them out
// of the sitemap and of search engines.
const NewsletterPage = lazyPage(() => import('@/pages/newsletter/newsletter-pages'), (m) => m.NewsletterPage);
export const unlistedRoutes: PublicRoute[] = [
  { path: '/newsletter/confirm', meta: { title: 'Confirm your subscription' }, Component: NewsletterPage },
  { path: '/newsletter/unsubscribe', meta: { title: 'Unsubscribe' }, Component: NewsletterPage },
];

export const notFoundMeta: PageMeta = {
  title: '404 Page Not Found',
  description: 'The page you were looking for does not exist.',
};

export function findRoute(pathname: string): PublicRoute | undefined {
  return publicRoutes.find((r) => r.path === pathname);
}

/** The published page at pathname, when the page data carries it. */
export function findPublishedPage(pathname: string, data: SiteData): PublishedPage | undefined {
  return data.page && pathname === `/${data.page.slug}` ? data.page : undefined;
}

/** The published article at pathname (/blog/{slug}), when the page data carries it. */
export function findArticle(pathname: string, data: SiteData): PublishedArticle | undefined {
  return data.article && pathname === articlePath(data.article.slug) ? data.article : undefined;
}

/** The open position at pathname (/careers/{slug}), when the page data carries it. */
export function findPosition(pathname: string, data: SiteData): PublicPosition | undefined {
  const p = data.careers?.position;
  return p && pathname === positionPath(p.slug) ? p : undefined;
}

/** The closed position at pathname, whose address answers 410, when the page data carries it. */
export function findClosedPosition(pathname: string, data: SiteData): PublicPosition | undefined {
  const p = data.careers?.closed;
  return p && pathname === positionPath(p.slug) ? p : undefined;
}

/** A position's meta: its title, and its summary (or, once closed, that it has). */
export function positionMeta(p: PublicPosition, closed = false): PageMeta {
  return { title: p.title, description: closed ? closedPositionTitle : summary(p.summary) };
}

/** The shown case study at pathname (/case-studies/{slug}), when the page data carries it. */
export function findStudy(pathname: string, data: SiteData): PublicCaseStudy | undefined {
  const s = data.caseStudy;
  return s && pathname === caseStudyPath(s.slug) ? s : undefined;
}

/** The withdrawn case study at pathname, whose address answers 410, when the page data carries it. */
export function findWithdrawnStudy(pathname: string, data: SiteData): CaseStudyCard | undefined {
  const s = data.withdrawnStudy;
  return s && pathname === caseStudyPath(s.slug) ? s : undefined;
}

/** A case study's meta: its title and summary (or, once withdrawn, that it is). */
export function studyMeta(s: CaseStudyCard, withdrawn = false): PageMeta {
  return { title: s.title, description: withdrawn ? withdrawnStudyTitle : summary(s.summary) };
}

const descriptionLength = 160;

/**
 * A published page's meta: its meta title as the whole browser title (else
 * its title, as every page's), and its meta description, else its excerpt,
 * else the start of its text.
 */
export function publishedPageMeta(page: PublishedPage | PublishedArticle): PageMeta {
  return {
    title: page.title,
    description: page.metaDescription || summary(page.excerpt || page.content),
    documentTitle: page.metaTitle || undefined,
  };
}

/** The start of a text, on one line, cut at a word to fit a description. */
function summary(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= descriptionLength) return line;
  const cut = line.slice(0, descriptionLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > descriptionLength / 2 ? cut.slice(0, space) : cut}…`;
}

/** The browser title for a page: its own title and the company name. */
export function documentTitle(meta: PageMeta, company: string): string {
  return meta.documentTitle ?? `${meta.title} | ${company}`;
}
