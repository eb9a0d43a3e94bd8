import { describe, expect, it } from 'vitest';
import { describeTemplatePages, escapeHtml as escape, type TemplatePage } from '@/test/content-test-utils';
import {
  ComputerVisionPage,
  DeepLearningPage,
  MachineLearningPage,
  NaturalLanguageProcessingPage,
  PredictiveAnalyticsPage,
} from '@/pages/solutions/solution-pages';
import { solutionContents, solutionPages } from '@/content/solutions';

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

describe('solution pages differ', () => {
  it('no two open alike (the hero and the first band), nor show their sections in the same order, nor the same case study, nor two grids of cards in a row', () => {
    const bands = ['capabilities-title', 'applications-title', 'industries-title', 'stack-title', 'process-title', 'case-study-title', 'faq-title'];
    const pages = solutionPages.map((p) => {
      const html = render(p, {});
      const hero = html.slice(0, html.indexOf('</section>'));
      const order = bands.filter((b) => html.includes(`id="${b}"`)).sort((a, b) => html.indexOf(`id="${a}"`) - html.indexOf(`id="${b}"`));
      const tones = [...html.matchAll(/data-tone="(\w+)"/g)].map((m) => m[1]);
      // The hero's layout: its grid's columns, and whether the title runs above them.
      const heroLayout = (hero.match(/lg:grid-cols-\[[^\]]+\]/) ?? [''])[0] + (hero.indexOf('<h1') < hero.indexOf('lg:grid') ? ' title above' : '');
      // Which bands hold a grid of cards (bordered boxes).
      const cards = html.split('<section').slice(2).map((band) => /rounded-2xl border border-slate-200/.test(band.slice(0, band.indexOf('</section>'))));
      return { order: order.join(), opening: `${heroLayout} ${order[0]} ${tones[0]}`, tones, cards };
    });
    expect(new Set(pages.map((p) => p.opening)).size).toBe(solutionPages.length);
    expect(new Set(pages.map((p) => p.order)).size).toBe(solutionPages.length);
    expect(new Set(solutionContents.map((c) => c.caseStudy.id)).size).toBe(solutionContents.length);
    // No two bands in a row share a ground, nor are both grids of cards.
    for (const { tones, cards, order } of pages) {
      expect(tones.some((tone, i) => i > 0 && tones[i - 1] === tone), tones.join()).toBe(false);
      expect(cards.some((c, i) => c && cards[i - 1]), order).toBe(false);
    }
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
