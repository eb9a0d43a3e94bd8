import { describe, expect, it } from 'vitest';
import { describeTemplatePages, type TemplatePage } from '@/test/content-test-utils';
import {
  ComputerVisionPage,
  DeepLearningPage,
  MachineLearningPage,
  NaturalLanguageProcessingPage,
  PredictiveAnalyticsPage,
} from '@/pages/solutions/solution-pages';
import { solutionPages } from '@/content/solutions';

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
  sections: (path) => ['hero', 'capabilities', 'applications', ...(optional[path] ?? []), 'cta'],
  formerLabels: ['What we do', 'Where it pays off', 'Impact:', 'Industries', 'Technology'],
});

describe('solution page heroes', () => {
  it('each has a decorative drawing of its own beside the text', () => {
    const drawings = solutionPages.map((page) => {
      const html = render(page, {});
      const hero = html.slice(0, html.indexOf('</section>'));
      const art = hero.match(/<div aria-hidden="true" class="hidden lg:block">(<svg viewBox="0 0 480 400" width="480" height="400".*?<\/svg>)<\/div>/);
      expect(art, page.paths[0]).not.toBeNull();
      return art![1];
    });
    expect(new Set(drawings).size).toBe(solutionPages.length);
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
