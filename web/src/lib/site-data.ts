// The data the Go server gathers for every public page (site.PageData). It
// is passed to the server render and inlined in the page, so hydration needs
// no second request. Each record is what visitors see of the API's
// (api-types.ts, made from the Go types): no ids, versions or times, so that
// two sites of the same content serve the same pages.
import type * as api from './api-types';

export type SiteSettings = Omit<api.PublicSettings, 'newsletterInFooter'> &
  // Always in the server's data; the defaults leave it out (off), as every
  // byte of the first visit's code counts.
  Partial<Pick<api.PublicSettings, 'newsletterInFooter'>>;

export type MenuItem = api.PublicMenuItem;

export type FooterLink = api.PublicFooterLink;

export type Testimonial = api.PublicTestimonial;

/** Editable texts by section, then key (SPEC section 3). */
export type ContentMap = Record<string, Record<string, string>>;

/** An image of the media library as pages get it: alt text, size and the served variants. */
export type SiteMedia = api.PublicMedia;

/** A page an admin published, as visitors get it at /{slug}. */
export type PublishedPage = api.PublicPage;

/** A published article, as visitors get it at /blog/{slug}, with its neighbours. */
export type PublishedArticle = api.PublicArticle;

/** One page of the blog's list: the cards of its articles and the sidebar's. */
export type BlogList = api.BlogList;

/** What the blog's list shows of an article. */
export type ArticleCard = api.ArticleCard;

/** The banner of a preview: the page's state, and the link's end or the way to its form. */
export type PagePreview = api.PagePreview;

export type SiteData = {
  settings: SiteSettings;
  content: ContentMap;
  menu: MenuItem[];
  footer: FooterLink[];
  testimonials: Testimonial[];
  /** The cards of the shown case studies, in order (/, /case-studies, the service and solution pages). */
  caseStudies: api.CaseStudyCard[];
  /** The shown case study at the address being rendered (/case-studies/{slug}), with its story; absent on every other page. */
  caseStudy?: api.PublicCaseStudy;
  /** The withdrawn case study whose address (410) is being rendered; absent on every other page. */
  withdrawnStudy?: api.CaseStudyCard;
  /** The images the data names (a text holding `media:{id}`), by id. */
  media: Record<string, SiteMedia>;
  /** The published page at the address being rendered; absent on every other page. */
  page?: PublishedPage;
  /** The published article at the address being rendered (/blog/{slug}); absent on every other page. */
  article?: PublishedArticle;
  /** The page of the blog's list being rendered (/blog); absent on every other page. */
  blog?: BlogList;
  /** The open positions, on /careers and on a position's page (/careers/{slug}), which carries its own, or the closed one its address was; absent on every other page. */
  careers?: api.Careers;
  /** On a preview of `page` or `article` (a preview link, or staff at a draft's address), what its banner says. */
  preview?: PagePreview;
};

/** The address of the article with slug. */
export function articlePath(slug: string): string {
  return `/blog/${slug}`;
}

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A time of the API as a date in words, "November 12, 2024" (UTC; without Intl, which the server's engine lacks). */
export function longDate(time: string): string {
  const d = new Date(time);
  if (Number.isNaN(d.getTime())) return '';
  return `${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

export const defaultSettings: SiteSettings = {
  logoText: 'Meridian AI',
  logoImageUrl: '',
  logoImageAlt: 'Company Logo',
  useImageLogo: false,
  primaryColor: '#2563eb',
  secondaryColor: '#1e40af',
};

export const emptySiteData: SiteData = {
  settings: defaultSettings,
  content: {},
  menu: [],
  footer: [],
  testimonials: [],
  caseStudies: [],
  media: {},
};

/** The company name: the footer text when an admin set one, else the logo text. */
export function companyName(data: SiteData): string {
  return data.content.footer?.company_name || data.settings.logoText || defaultSettings.logoText;
}

// A text that names an image of the media library instead of holding words:
// "media:" and the item's id (site.MediaRef on the server).
const mediaRef = /^media:([1-9][0-9]*)$/;

/** The id of the media item that value names, or undefined for any other value. */
export function mediaRefId(value: string | undefined): number | undefined {
  const m = value === undefined ? null : mediaRef.exec(value);
  return m ? Number(m[1]) : undefined;
}

/** The value that names media item id. */
export function mediaRefOf(id: number): string {
  return `media:${id}`;
}
