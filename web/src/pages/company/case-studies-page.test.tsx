import { describe, expect, it } from 'vitest';
import { caseStudiesContent } from '@/content/case-studies';
import { factsContent } from '@/content/facts';
import { sharedContent } from '@/content/shared';
import type { ContentMap } from '@/lib/site-data';
import { sampleStudies, sampleStudy } from '@/test/case-study-fixtures';
import { CaseStudiesPage } from './case-studies-page';
import { CaseStudyPage, WithdrawnStudyPage } from './case-study-page';
import { expectBuiltInCopy, expectListed, renderMarked, renderPage } from '@/test/content-test-utils';

/** The list, a study's page and a withdrawn study's address, which together show every text of the section. */
const renderAll = (content: ContentMap = {}) =>
  [
    renderPage(<CaseStudiesPage />, content, '/case-studies'),
    renderPage(<CaseStudyPage />, content, '/case-studies/predictive-maintenance', { caseStudy: sampleStudy }),
    renderPage(<WithdrawnStudyPage />, content, '/case-studies/old', { withdrawnStudy: { ...sampleStudies[2], slug: 'old' } }),
  ].join('\n');

describe('Case studies content', () => {
  it('renders every registry key of its sections, each under its own key', () => {
    renderMarked(caseStudiesContent, renderAll, 25, sharedContent, factsContent);
  });

  it('shows the built-in copy when nothing is stored', () => {
    expectBuiltInCopy(renderAll(), caseStudiesContent);
  });

  it('lists the sections of the page', () => {
    expectListed(caseStudiesContent, 'Case studies', ['/case-studies'], [
      'case-studies.hero',
      'case-studies.studies',
      'case-studies.featured',
      'case-studies.index',
      'case-studies.withdrawn',
      'case-studies.track-record',
      'case-studies.cta',
    ]);
  });
});

describe('Case studies from the records', () => {
  it('tells the first study in a band of its own and gives each other one the one card of a study, linking to its page', () => {
    const html = renderPage(<CaseStudiesPage />, {}, '/case-studies');
    expect(html).toContain('id="featured-title"');
    expect(html).toContain(sampleStudy.title);
    // Its results, each led by its figure set apart.
    expect(html).toMatch(/<span class="[^"]*text-4xl[^"]*">45%<\/span> less unplanned downtime/);
    expect(html.match(/data-case-study="/g)).toHaveLength(sampleStudies.length - 1);
    expect(html).toContain('href="/case-studies/fraud-detection"');
    expect(html).not.toContain('data-case-study="predictive-maintenance"');
    // The last card fills the index's last row: no empty place beside it.
    const spans = [...html.matchAll(/data-case-study="([^"]+)" class="([^"]*)"/g)].map(([, slug, cls]) => [slug, cls.match(/(md|xl):col-span-\d/g) ?? []]);
    // Two other studies: side by side from 768 px; from 1280 px, in three columns, the second spans two.
    expect(spans).toHaveLength(2);
    expect(spans.at(-1)?.[1]).toEqual(['xl:col-span-2']);
    expect(spans.slice(0, -1).every(([, found]) => found.length === 0)).toBe(true);
  });

  it('gives a study its page: the story, the results, the quote, the team, the technologies and related studies', () => {
    const html = renderPage(<CaseStudyPage />, {}, '/case-studies/predictive-maintenance', { caseStudy: sampleStudy });
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    for (const t of [sampleStudy.challenge, sampleStudy.approach, sampleStudy.quoteAuthor, 'Engagement lead', 'scoped the pilot', 'Databricks', '550%', '6 months'])
      expect(html).toContain(t.replace(/&/g, '&amp;'));
    expect(html).toContain('“Now the maintenance plan tells us ten days ahead.”');
    // Related: the others, never itself.
    expect(html).toContain('data-case-study="fraud-detection"');
    expect(html).not.toContain('data-case-study="predictive-maintenance"');
    // Headings in order: h1, then h2s, then the cards' h3s.
    const levels = [...html.matchAll(/<h([1-6])[ >]/g)].map((m) => Number(m[1]));
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
  });
});
