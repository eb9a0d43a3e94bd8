import { describe, expect, it } from 'vitest';
import { caseStudiesContent } from '@/content/case-studies';
import { sectionTexts } from '@/content/registry';
import { sharedContent } from '@/content/shared';
import { CaseStudiesPage } from './case-studies-page';
import { markedContent, marker, renderPage, visibleTexts } from '@/test/content-test-utils';

describe('Case studies content', () => {
  it('renders every registry key of its sections, each under its own key', () => {
    const { entries, content } = markedContent(caseStudiesContent, sharedContent);
    const html = renderPage(<CaseStudiesPage />, content);
    const own = entries.filter((e) => e.section.startsWith('case-studies.'));
    expect(own.length).toBeGreaterThan(90);
    for (const e of own) expect(html, `${e.section} ${e.key}`).toContain(marker(e.section, e.key));
    expect(html).toContain(marker('case-studies.studies', 'items.claims-automation.technologies.2'));
    // Nothing a visitor reads is left in code.
    expect(visibleTexts(html)).toEqual([]);
  });

  it('shows the built-in copy when nothing is stored', () => {
    const html = renderPage(<CaseStudiesPage />);
    for (const [section, copy] of Object.entries(caseStudiesContent.sections)) {
      for (const e of sectionTexts(section, copy)) expect(html).toContain(e.fallback.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    }
  });

  it('lists the sections of the page', () => {
    expect(caseStudiesContent.name).toBe('Case studies');
    expect(caseStudiesContent.paths).toEqual(['/case-studies']);
    expect(Object.keys(caseStudiesContent.sections)).toEqual([
      'case-studies.hero',
      'case-studies.studies',
      'case-studies.track-record',
      'case-studies.cta',
    ]);
  });
});
