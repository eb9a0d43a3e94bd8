import type { ComponentType } from 'react';
import { lazyPage } from '@/app/lazy-page';
import { articlePath, type PublishedArticle, type PublishedPage, type SiteData } from '@/lib/site-data';
import { HomePage } from '@/pages/home/home-page';

/** What a page tells search engines and link previews about itself. */
export type PageMeta = {
  title: string;
  description: string;
  /** The whole browser title, when the page sets its own (a published page's meta title). */
  documentTitle?: string;
};

export type PublicRoute = {
  path: string;
  meta: PageMeta;
  Component: ComponentType;
};

// Pages other than home are fetched on demand, grouped by the layout they share.
const solutions = () => import('@/pages/solutions/solution-pages');
const services = () => import('@/pages/services/service-pages');
const legal = () => import('@/pages/legal/legal-page');

const MachineLearning = lazyPage(solutions, (m) => m.MachineLearningPage);
const DeepLearning = lazyPage(solutions, (m) => m.DeepLearningPage);
const NaturalLanguageProcessing = lazyPage(solutions, (m) => m.NaturalLanguageProcessingPage);
const ComputerVision = lazyPage(solutions, (m) => m.ComputerVisionPage);
const PredictiveAnalytics = lazyPage(solutions, (m) => m.PredictiveAnalyticsPage);
const AiConsulting = lazyPage(services, (m) => m.AiConsultingPage);
const StrategyDevelopment = lazyPage(services, (m) => m.StrategyDevelopmentPage);
const Implementation = lazyPage(services, (m) => m.ImplementationPage);
const OngoingSupport = lazyPage(services, (m) => m.OngoingSupportPage);
const TrainingEducation = lazyPage(services, (m) => m.TrainingEducationPage);
const PrivacyPolicy = lazyPage(legal, (m) => m.PrivacyPolicyPage);
const TermsOfService = lazyPage(legal, (m) => m.TermsOfServicePage);
const CookiePolicy = lazyPage(legal, (m) => m.CookiePolicyPage);
const AiJourney = lazyPage(() => import('@/pages/ai-journey/ai-journey-page'), (m) => m.AiJourneyPage);
const About = lazyPage(() => import('@/pages/company/about-page'), (m) => m.AboutPage);
const CaseStudies = lazyPage(() => import('@/pages/company/case-studies-page'), (m) => m.CaseStudiesPage);
const Blog = lazyPage(() => import('@/pages/company/blog-page'), (m) => m.BlogPage);
const Careers = lazyPage(() => import('@/pages/company/careers-page'), (m) => m.CareersPage);

function route(path: string, title: string, description: string, Component: ComponentType): PublicRoute {
  return { path, meta: { title, description }, Component };
}

// Every public route of the site (SPEC section 2). The server renders exactly
// these paths; anything else answers 404.
export const publicRoutes: PublicRoute[] = [
  route(
    '/',
    'Enterprise AI Solutions, Consulting & Staffing',
    'Meridian AI designs, builds and runs machine learning, NLP and computer vision systems for enterprises, and staffs the AI teams to keep them improving.',
    HomePage,
  ),
  route(
    '/ai-journey',
    'Free AI Consultation',
    'Book a free 30-minute AI consultation with a senior strategist and receive a written proposal with scope, team and timeline within 24 hours.',
    AiJourney,
  ),
  route(
    '/privacy-policy',
    'Privacy Policy',
    'How Meridian AI collects, uses and protects the personal information you share through our website. Effective December 17, 2024.',
    PrivacyPolicy,
  ),
  route(
    '/terms-of-service',
    'Terms of Service',
    'The terms that govern your use of the Meridian AI website, its content and our contact forms. Effective December 17, 2024.',
    TermsOfService,
  ),
  route(
    '/cookie-policy',
    'Cookie Policy',
    'Which cookies the Meridian AI website uses, why, and how you can control them in your browser. Effective December 17, 2024.',
    CookiePolicy,
  ),
  route(
    '/machine-learning',
    'Machine Learning Solutions',
    'Forecasting, scoring, recommendation and optimisation models built on your data, deployed into your workflows and monitored in production.',
    MachineLearning,
  ),
  route(
    '/deep-learning',
    'Deep Learning Solutions',
    'Neural networks for images, language, audio and sensor data, from medical imaging to predictive maintenance, built with PyTorch, TensorFlow, JAX and CUDA.',
    DeepLearning,
  ),
  route(
    '/natural-language-processing',
    'Natural Language Processing Solutions',
    'Assistants, semantic search and document understanding that read contracts, tickets and reports at enterprise scale across six industries.',
    NaturalLanguageProcessing,
  ),
  route(
    '/computer-vision',
    'Computer Vision Solutions',
    'Visual inspection, detection, OCR and video analytics that work on your existing cameras, in real time, in the cloud or at the edge.',
    ComputerVision,
  ),
  route(
    '/predictive-analytics',
    'Predictive Analytics Solutions',
    'Demand forecasting, customer analytics, risk assessment and anomaly detection that let your teams act before problems and opportunities arrive.',
    PredictiveAnalytics,
  ),
  route(
    '/ai-consulting',
    'AI Consulting Services',
    'Independent AI consulting: readiness assessments, use case discovery, vendor selection and responsible AI governance from practitioners.',
    AiConsulting,
  ),
  route(
    '/strategy-development',
    'AI Strategy Development',
    'An AI strategy tied to your business goals: vision, prioritised roadmap, operating model and board-ready business cases in six to eight weeks.',
    StrategyDevelopment,
  ),
  route(
    '/implementation',
    'AI Implementation Services',
    'Cross-functional teams that take AI from proof of value to production, integrated with your ERP, CRM and data platforms.',
    Implementation,
  ),
  route(
    '/ongoing-support',
    'Ongoing AI Support',
    '24/7 monitoring, retraining, incident response and continuous improvement that keep your AI systems accurate and reliable.',
    OngoingSupport,
  ),
  route(
    '/training-education',
    'AI Training & Education',
    'AI programmes for executives, staff and engineers: briefings, AI literacy courses, engineering bootcamps and mentoring on live projects.',
    TrainingEducation,
  ),
  route(
    '/about-us',
    'About Us',
    'Meet Meridian AI: our mission, values and leadership team, with 500+ projects delivered for 200+ enterprise clients.',
    About,
  ),
  route(
    '/case-studies',
    'Case Studies',
    'Six enterprise AI case studies with challenges, solutions, ROI and timelines, and a track record of $50M+ in client savings.',
    CaseStudies,
  ),
  route(
    '/blog',
    'Blog',
    'Insights on enterprise AI strategy, machine learning, NLP and computer vision from the consultants and engineers of Meridian AI.',
    Blog,
  ),
  route(
    '/careers',
    'Careers',
    'Join Meridian AI: open positions for machine learning engineers, data scientists and AI consultants across the US and remote.',
    Careers,
  ),
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
