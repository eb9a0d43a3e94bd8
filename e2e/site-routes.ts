import type { APIRequestContext } from '@playwright/test';

/**
 * The paths of the public pages a site serves, as its sitemap lists them: on
 * a fresh site, the built-in routes of the web router's table.
 */
export async function sitemapPaths(request: APIRequestContext, baseURL: string): Promise<string[]> {
  const res = await request.get(`${baseURL}/sitemap.xml`);
  if (!res.ok()) throw new Error(`GET /sitemap.xml answered ${res.status()}`);
  return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** A file name for a path: `home` for `/`, else the path without its slash. */
export function routeName(path: string): string {
  return path === '/' ? 'home' : path.slice(1).replace(/\//g, '_');
}
