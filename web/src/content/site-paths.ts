// The addresses of the site's own pages, by kind, as app/routes.tsx lists
// them (app/shared-pages.test.ts keeps them the router's): a module of its
// own, so that the header can tell a service page from the rest without
// loading any page's copy.

/** The solution pages. */
export const solutionPaths = ['/machine-learning', '/deep-learning', '/natural-language-processing', '/computer-vision', '/predictive-analytics'] as const;

/** The service pages. */
export const servicePaths = ['/ai-consulting', '/strategy-development', '/implementation', '/ongoing-support', '/training-education'] as const;

/** Every page of the site's own, in the router's order. */
export const sitePaths = [
  '/', '/ai-journey', '/privacy-policy', '/terms-of-service', '/cookie-policy', ...solutionPaths, ...servicePaths,
  '/about-us', '/case-studies', '/blog', '/careers',
] as const;

/** Whether a link (an address of the site, with or without a query or fragment) opens one of the service pages. */
export function isServicePage(url: string): boolean {
  const path = url.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');
  return (servicePaths as readonly string[]).includes(path);
}
