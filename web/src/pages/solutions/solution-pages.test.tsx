import { describe, expect, it } from 'vitest';
import { describeTemplatePages, escapeHtml as escape, renderPage, type TemplatePage } from '@/test/content-test-utils';
import {
  ComputerVisionPage,
  DeepLearningPage,
  MachineLearningPage,
  NaturalLanguageProcessingPage,
  PredictiveAnalyticsPage,
} from '@/pages/solutions/solution-pages';
import { solutionContents, solutionPages } from '@/content/solutions';
import { pageShape, repeatedBands } from '@/test/page-shape';
import type { PublicPosition } from '@/lib/api-types';
import { AboutPage } from '@/pages/company/about-page';
import { CareersPage } from '@/pages/company/careers-page';

// The contract of the solution pages: every text the registry lists for a
// page is rendered under its key, and no built-in text is shown beside it.

const listed: TemplatePage[] = [
  ['/machine-learning', 'Machine learning', MachineLearningPage],
  ['/deep-learning', 'Deep learning', DeepLearningPage],
  ['/natural-language-processing', 'Natural language processing', NaturalLanguageProcessingPage],
  ['/computer-vision', 'Computer vision', ComputerVisionPage],
  ['/predictive-analytics', 'Predictive analytics', PredictiveAnalyticsPage],
];

const optional: Record<string, string[]> = {
  '/deep-learning': ['stack'],
  '/natural-language-processing': ['industries'],
};

const render = describeTemplatePages('solution page', solutionPages, listed, {
  sections: (path) => ['hero', 'capabilities', 'applications', ...(optional[path] ?? []), 'process', 'case-study', 'faq', 'cta'],
  formerLabels: ['What we do', 'Where it pays off', 'Impact:', 'Industries', 'Technology'],
  each: (path, page) => {
    it('shows how a project runs, a case study of the records, and the questions buyers ask', () => {
      const c = solutionContents.find((s) => `/${s.slug}` === path)!;
      const html = render(page, {});
      expect(c.process.steps.length).toBeGreaterThanOrEqual(3);
      for (const s of c.process.steps) expect(html).toContain(escape(s.duration));
      // The study the copy names, or the first when the records have it not, in the one card of a study.
      expect(html).toMatch(/data-case-study="[a-z-]+"/);
      expect(html).toMatch(/href="\/case-studies\/[a-z-]+"/);
      expect(html).toContain('href="/case-studies"');
      expect(c.faq.items.length).toBeGreaterThanOrEqual(3);
      expect(html.match(/<details/g)).toHaveLength(c.faq.items.length);
    });
  },
});

describe('solution page heroes', () => {
  it('each has a decorative drawing of its own beside the text', () => {
    const drawings = solutionPages.map((page) => {
      const html = render(page, {});
      const hero = html.slice(0, html.indexOf('</section>'));
      const art = hero.match(/<div aria-hidden="true" class="hidden lg:block[^"]*">(<svg viewBox="0 0 480 400" width="480" height="400".*?<\/svg>)<\/div>/);
      expect(art, page.paths[0]).not.toBeNull();
      return art![1];
    });
    expect(new Set(drawings).size).toBe(solutionPages.length);
  });
});

// The pages of the editorial language besides /, each rendered as the
// server renders it (/careers with open positions).
const position = (title: string, slug: string): PublicPosition => ({
  title, slug, department: 'Engineering', location: 'Austin, TX', remote: false, regions: '', employmentType: 'full-time',
  salaryMin: 150000, salaryMax: 190000, currency: 'USD', summary: 'Ship models.', postedOn: '2026-10-27', closesOn: '',
});
const companyPages: [string, string][] = [
  ['/about-us', renderPage(<AboutPage />, {}, '/about-us')],
  ['/careers', renderPage(<CareersPage />, {}, '/careers', { careers: { open: [position('Data Scientist', 'data-scientist'), position('AI Strategy Consultant', 'ai-strategy-consultant')] } })],
];

describe('pages differ', () => {
  it('no two solution pages open alike (the hero and the first band), nor show their sections in the same order, nor the same case study', () => {
    const pages = solutionPages.map((p) => pageShape(render(p, {})));
    expect(new Set(pages.map((p) => p.opening)).size).toBe(solutionPages.length);
    expect(new Set(pages.map((p) => p.bands.map((b) => b.id).join())).size).toBe(solutionPages.length);
    expect(new Set(solutionContents.map((c) => c.caseStudy.id)).size).toBe(solutionContents.length);
  });

  it('/about-us and /careers open unlike each other and unlike the solution pages', () => {
    const openings = [...solutionPages.map((p) => pageShape(render(p, {})).opening), ...companyPages.map(([, html]) => pageShape(html).opening)];
    expect(new Set(openings).size).toBe(openings.length);
    // Neither keeps the default hero, the drawing right of the text.
    for (const [path, html] of companyPages) expect(pageShape(html).opening, path).not.toMatch(/^lg:grid-cols-\[minmax\(0,1fr\)_20rem\] /);
  });

  it('no page has two bands in a row on the same ground, nor two grids of cards in a row', () => {
    const pages: [string, string][] = [...solutionPages.map((p) => [p.paths[0], render(p, {})] as [string, string]), ...companyPages];
    for (const [path, html] of pages) expect(repeatedBands(pageShape(html)), path).toEqual([]);
    // The company pages keep no grid of cards at all: their lists are numbered, indexed or set under hairlines.
    for (const [path, html] of companyPages) expect(pageShape(html).bands.filter((b) => b.cards), path).toEqual([]);
  });
});

describe('solution pages', () => {
  it('keeps the space between the impact label and the impact', () => {
    const html = render(solutionPages[0], {});
    expect(html).toContain('<span>Impact: </span></span><span>30% less excess stock</span>');
  });

  it('applies a saved order of the industries and of the frameworks, adding new items from a template', () => {
    const industries = { items: JSON.stringify(['legal', 'healthcare', 'retail']), 'items.retail.name': 'Retail', 'items.retail.description': 'Product search.' };
    const nlp = render(solutionPages[2], { 'natural-language-processing.industries': industries });
    expect(nlp.indexOf('Contract analytics')).toBeLessThan(nlp.indexOf('Clinical note coding'));
    expect(nlp).not.toContain('Filings analysis');
    expect(nlp.indexOf('Clinical note coding')).toBeLessThan(nlp.indexOf('>Retail<'));
    // Not before each of its texts is written.
    const unwritten = render(solutionPages[2], { 'natural-language-processing.industries': { ...industries, 'items.retail.description': '' } });
    expect(unwritten).not.toContain('>Retail<');
    expect(unwritten).not.toContain('New industry');
    const dl = render(solutionPages[1], { 'deep-learning.stack': { frameworks: JSON.stringify(['jax', 'pytorch']) } });
    expect(dl.indexOf('>JAX<')).toBeLessThan(dl.indexOf('>PyTorch<'));
    expect(dl).not.toContain('>Keras<');
  });
});
