import { describe, expect, it } from 'vitest';
import { caseStudiesContent } from '@/content/case-studies';
import { factsContent } from '@/content/facts';
import { sharedContent } from '@/content/shared';
import { CaseStudiesPage } from './case-studies-page';
import { expectBuiltInCopy, expectListed, marker, renderMarked, renderPage, visibleTexts, withoutFootnoteMarks } from '@/test/content-test-utils';

describe('Case studies content', () => {
  it('renders every registry key of its sections, each under its own key', () => {
    const html = renderMarked(caseStudiesContent, (content) => renderPage(<CaseStudiesPage />, content), 86, sharedContent, factsContent);
    expect(html).toContain(marker('case-studies.studies', 'items.claims-automation.technologies.2'));
    // Nothing a visitor reads is left in code.
    expect(withoutFootnoteMarks(visibleTexts(html))).toEqual([]);
  });

  it('shows the built-in copy when nothing is stored', () => {
    expectBuiltInCopy(renderPage(<CaseStudiesPage />), caseStudiesContent);
  });

  it('lists the sections of the page', () => {
    expectListed(caseStudiesContent, 'Case studies', ['/case-studies'], ['case-studies.hero', 'case-studies.studies', 'case-studies.track-record', 'case-studies.cta']);
  });
});
