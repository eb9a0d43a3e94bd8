import { describe, expect, it } from 'vitest';
import { publicRoutes } from '@/app/routes';
import { factPages, factsContent } from '@/content/facts';
import { sharedSectionPages } from '@/content/registry';
import { sharedContent } from '@/content/shared';
import { isServicePage, servicePaths, sitePaths, solutionPaths } from '@/content/site-paths';

// Which pages show each shared section is declared once, with the addresses
// of the site's pages written out (content imports no app code): they stay
// the router's addresses. e2e/edit-everywhere.spec.ts checks the rest on
// the rendered pages.
describe('sharedSectionPages', () => {
  const routes = publicRoutes.map((r) => r.path);

  it('declares every shared section, and no other', () => {
    expect(Object.keys(sharedSectionPages).sort()).toEqual([...Object.keys(sharedContent.sections), ...Object.keys(factsContent.sections)].sort());
  });

  it("names each fact's pages among the router's", () => {
    for (const [fact, paths] of Object.entries(factPages)) {
      expect(paths.filter((p) => !routes.includes(p)), `${fact}: not a page of the site`).toEqual([]);
    }
  });

  it('names only pages of the router, each once', () => {
    for (const [section, { paths }] of Object.entries(sharedSectionPages)) {
      expect(paths.filter((p) => !routes.includes(p)), `${section}: not a page of the site`).toEqual([]);
      expect(new Set(paths).size, `${section}: a page named twice`).toBe(paths.length);
    }
  });

  it('has the header and footer on every page of the router', () => {
    expect([...sharedSectionPages.header.paths].sort()).toEqual([...routes].sort());
    expect([...sharedSectionPages.footer.paths].sort()).toEqual([...routes].sort());
  });
});

describe('sitePaths', () => {
  it('are the pages of the router, the solution and service pages among them', () => {
    const routes = publicRoutes.map((r) => r.path);
    expect([...sitePaths].sort()).toEqual([...routes].sort());
    expect(new Set(sitePaths).size).toBe(sitePaths.length);
    for (const p of [...solutionPaths, ...servicePaths]) expect(routes).toContain(p);
  });

  it('tells a link to a service page from the rest', () => {
    expect(isServicePage('/implementation')).toBe(true);
    expect(isServicePage('/implementation/')).toBe(true);
    expect(isServicePage('/ai-consulting?utm_source=menu#faq')).toBe(true);
    expect(isServicePage('/machine-learning')).toBe(false);
    expect(isServicePage('/')).toBe(false);
    expect(isServicePage('/implementation-guide')).toBe(false);
  });
});
