// The data the Go server gathers for every public page. It is passed to the
// server render and inlined in the page, so hydration needs no second request.
// Keep in step with internal/site/pagedata.go.

export type SiteSettings = {
  logoText: string;
  logoImageUrl: string;
  logoImageAlt: string;
  useImageLogo: boolean;
  primaryColor: string;
  secondaryColor: string;
};

export type MenuItem = { id: number; title: string; url: string; order: number };

export type FooterLink = {
  id: number;
  category: string;
  title: string;
  url: string;
  order: number;
};

export type Testimonial = {
  id: number;
  name: string;
  title: string;
  content: string;
  initials: string;
  avatarBg: string;
  order: number;
};

/** Editable texts by section, then key (SPEC section 3). */
export type ContentMap = Record<string, Record<string, string>>;

export type SiteData = {
  settings: SiteSettings;
  content: ContentMap;
  menu: MenuItem[];
  footer: FooterLink[];
  testimonials: Testimonial[];
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
