import type { ComponentType } from 'react';
import { HomePage } from '@/pages/home/home-page';

/** What a page tells search engines and link previews about itself. */
export type PageMeta = { title: string; description: string };

export type PublicRoute = {
  path: string;
  meta: PageMeta;
  Component: ComponentType;
};

// Every public route of the site. The server renders exactly these paths;
// anything else answers 404.
export const publicRoutes: PublicRoute[] = [
  {
    path: '/',
    meta: {
      title: 'Enterprise AI Solutions, Consulting & Staffing',
      description:
        'Meridian AI designs, builds and runs machine learning, NLP and computer vision systems for enterprises, and staffs the AI teams to keep them improving.',
    },
    Component: HomePage,
  },
];

export const notFoundMeta: PageMeta = {
  title: '404 Page Not Found',
  description: 'The page you were looking for does not exist.',
};

export function findRoute(pathname: string): PublicRoute | undefined {
  return publicRoutes.find((r) => r.path === pathname);
}

/** The browser title for a page: its own title and the company name. */
export function documentTitle(meta: PageMeta, company: string): string {
  return `${meta.title} | ${company}`;
}
