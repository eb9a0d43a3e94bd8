// The data the Go server gathers for every public page (site.PageData). It
// is passed to the server render and inlined in the page, so hydration needs
// no second request. Each record is the API's (api-types.ts, made from the
// Go types), narrowed to what the public pages use.
import type * as api from './api-types';

export type SiteSettings = Pick<
  api.SiteSettings,
  'logoText' | 'logoImageUrl' | 'logoImageAlt' | 'useImageLogo' | 'primaryColor' | 'secondaryColor'
>;

export type MenuItem = Pick<api.MenuItem, 'id' | 'title' | 'url' | 'order'>;

export type FooterLink = Pick<api.FooterLink, 'id' | 'category' | 'title' | 'url' | 'order'>;

export type Testimonial = Pick<api.Testimonial, 'id' | 'name' | 'title' | 'content' | 'initials' | 'avatarBg' | 'order'>;

/** Editable texts by section, then key (SPEC section 3). */
export type ContentMap = Record<string, Record<string, string>>;

/** A page an admin published, as visitors get it at /{slug}. */
export type PublishedPage = api.PublicPage;

export type SiteData = {
  settings: SiteSettings;
  content: ContentMap;
  menu: MenuItem[];
  footer: FooterLink[];
  testimonials: Testimonial[];
  /** The published page at the address being rendered; absent on every other page. */
  page?: PublishedPage;
};

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
};

/** The company name: the footer text when an admin set one, else the logo text. */
export function companyName(data: SiteData): string {
  return data.content.footer?.company_name || data.settings.logoText || defaultSettings.logoText;
}
