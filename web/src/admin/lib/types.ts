// The admin API's records (SPEC sections 3 and 7), as JSON sends them.

export type ContentItem = {
  id: number;
  section: string;
  key: string;
  value: unknown;
  updatedAt: string;
};

export type MenuItem = { id: number; title: string; url: string; order: number; isActive: boolean };

export type WebsiteImage = {
  id: number;
  name: string;
  url: string;
  altText: string;
  section: string;
  usage: string;
};

export type Testimonial = {
  id: number;
  name: string;
  title: string;
  content: string;
  initials: string;
  avatarBg: string;
  order: number;
  isActive: boolean;
};

export type FooterLink = {
  id: number;
  category: string;
  title: string;
  url: string;
  order: number;
  isActive: boolean;
};

export type PageStatus = 'draft' | 'published';

export type Page = {
  id: number;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  status: PageStatus;
  template: string;
  featuredImage: string;
  publishedAt: string | null;
  isActive: boolean;
};

export type AdminSiteSettings = {
  logoText: string;
  logoImageUrl: string;
  logoImageAlt: string;
  useImageLogo: boolean;
  primaryColor: string;
  secondaryColor: string;
};
