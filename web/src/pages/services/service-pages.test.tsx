import { describe, expect, it } from 'vitest';
import { describeTemplatePages, escapeHtml as escape, type TemplatePage } from '@/test/content-test-utils';
import {
  AiConsultingPage,
  ImplementationPage,
  OngoingSupportPage,
  StrategyDevelopmentPage,
  TrainingEducationPage,
} from '@/pages/services/service-pages';
import { serviceContents, servicePages } from '@/content/services';

// The contract of the service pages: every text the registry lists for a
// page is rendered under its key, and no built-in text is shown beside it.

const listed: TemplatePage[] = [
  ['/ai-consulting', 'AI consulting', AiConsultingPage],
  ['/strategy-development', 'Strategy development', StrategyDevelopmentPage],
  ['/implementation', 'Implementation', ImplementationPage],
  ['/ongoing-support', 'Ongoing support', OngoingSupportPage],
  ['/training-education', 'Training & education', TrainingEducationPage],
];

const render = describeTemplatePages('service page', servicePages, listed, {
  sections: () => ['hero', 'services', 'process', 'deliverables', 'case-study', 'faq', 'cta'],
  formerLabels: ['Our services'],
  each: (path, page) => {
    it('shows its related case study from the records in the one card of a study, linking to its page and to /case-studies', () => {
      const html = render(page, {});
      expect(html).toMatch(/data-case-study="[a-z-]+"/);
      expect(html).toMatch(/href="\/case-studies\/[a-z-]+"/);
      expect(html).toContain('href="/case-studies"');
    });

    it('has a decorative drawing in its hero and numbered steps with durations', () => {
      const html = render(page, {});
      const hero = html.slice(0, html.indexOf('</section>'));
      expect(hero).toMatch(/<div aria-hidden="true" class="hidden lg:block"><svg viewBox="0 0 480 400" width="480" height="400"/);
      // Drawn in the brand colour, which the settings set.
      expect(hero).toContain('text-brand');
      expect(hero).toContain('currentColor');
      const c = serviceContents.find((s) => `/${s.slug}` === path)!;
      expect(c.process.steps.length).toBeGreaterThanOrEqual(3);
      for (const s of c.process.steps) expect(html).toContain(escape(s.duration));
    });
  },
});

describe('service pages differ', () => {
  it('no two pages show their sections in the same order, nor the same case study', () => {
    const orders = servicePages.map((p) => {
      const html = render(p, {});
      return ['process-title', 'deliverables-title', 'case-study-title', 'faq-title'].sort((a, b) => html.indexOf(`id="${a}"`) - html.indexOf(`id="${b}"`)).join();
    });
    const tones = servicePages.map((p) => [...render(p, {}).matchAll(/data-tone="(\w+)"/g)].map((m) => m[1]).join());
    expect(new Set(orders.map((o, i) => o + tones[i])).size).toBe(servicePages.length);
    expect(new Set(serviceContents.map((c) => c.caseStudy.id)).size).toBe(serviceContents.length);
    // No two bands in a row share a ground.
    for (const t of tones) expect(t.split(',').some((tone, i, all) => i > 0 && all[i - 1] === tone), t).toBe(false);
  });
});

describe('service pages', () => {
  it('applies a saved order of the service cards', () => {
    const page = servicePages[0];
    const html = render(page, { 'ai-consulting.services': { items: JSON.stringify(['use-case-discovery', 'ai-readiness-assessment']) } });
    expect(html.indexOf('Use case discovery')).toBeLessThan(html.indexOf('AI readiness assessment'));
    expect(html).not.toContain('Vendor and platform selection');
  });
});
