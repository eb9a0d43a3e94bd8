import { describe, expect, it } from 'vitest';
import { about } from '@/content/about';
import { caseStudiesPage } from '@/content/case-studies';
import { facts, factsContent, factPages, withFacts } from '@/content/facts';
import { benefits, hero } from '@/content/home';
import { pageDescription } from '@/content/page-descriptions';
import { sectionTexts } from '@/content/registry';
import type { Statistic } from '@/content/types';
import { ContentSection } from '@/features/editable-text/content-scope';
import { StatGrid } from './feature-grid';
import { renderPage } from '@/test/content-test-utils';

const grid = (content = {}) =>
  renderPage(
    <ContentSection id="about.stats">
      <StatGrid items={about.stats.items} />
    </ContentSection>,
    content,
  );

describe('company facts', () => {
  it('shows each fact once, wherever a page quotes it', () => {
    const html = grid({ facts: { 'projects-delivered.value': '612+' } });
    expect(html).toContain('>612+<');
    expect(html).not.toContain('500+');
    // No page holds a figure of its own for a fact.
    const all: Statistic[] = [...hero.stats, ...benefits.stats, ...about.stats.items, ...caseStudiesPage.trackRecord.items];
    for (const s of all) if (s.fact) expect('number' in s, s.id).toBe(false);
    expect(all.filter((s) => s.fact).length).toBe(13);
  });

  it('shows a footnote only for a fact with a note or a date, numbered as its marker', () => {
    expect(grid()).not.toContain('<sup');
    expect(grid()).not.toContain('Notes on the figures');
    const html = grid({ facts: { 'client-satisfaction.note': 'Client survey, n=112', 'ai-experts.date': 'March 2025' } });
    const notes = [...html.matchAll(/<li id="([^"]+)">(.*?)<\/li>/g)];
    expect(notes.map((m) => m[2].replace(/<[^>]*>/g, ''))).toEqual(['(March 2025)', 'Client survey, n=112']);
    // Each marker leads to its note: AI experts comes first on the page.
    const markers = [...html.matchAll(/<a href="#([^"]+)" aria-label="Note (\d)"[^>]*>\d<\/a>/g)];
    expect(markers.map((m) => [m[1], m[2]])).toEqual([[notes[0][1], '1'], [notes[1][1], '2']]);
  });

  it('quotes the facts in the descriptions of the pages', () => {
    expect(pageDescription('/about-us', {})).toContain('500+ projects delivered for 200+ enterprise clients');
    expect(pageDescription('/case-studies', { facts: { 'total-savings.value': '$60M+' } })).toContain('$60M+ in client savings');
    expect(pageDescription('/nowhere', {})).toBe('');
    expect(withFacts('{no-such-fact}', {})).toBe('{no-such-fact}');
  });

  it('lists every fact as texts of its own section, and the pages of each', () => {
    const keys = sectionTexts('facts', factsContent.sections.facts).map((t) => t.key);
    for (const key of Object.keys(facts)) {
      expect(keys).toEqual(expect.arrayContaining([`${key}.value`, `${key}.label`, `${key}.note`, `${key}.date`]));
      expect(factPages[key as keyof typeof facts].length, key).toBeGreaterThan(0);
    }
  });
});
