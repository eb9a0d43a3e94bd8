import { describe, expect, it } from 'vitest';
import { about, aboutContent } from '@/content/about';
import { factsContent } from '@/content/facts';
import { sharedContent } from '@/content/shared';
import { AboutPage } from './about-page';
import { expectBuiltInCopy, expectListed, renderMarked, renderPage, visibleTexts, withoutFootnoteMarks } from '@/test/content-test-utils';

describe('About us content', () => {
  it('renders every registry key of its sections, each under its own key', () => {
    const html = renderMarked(aboutContent, (content) => renderPage(<AboutPage />, content), 40, sharedContent, factsContent);
    // Nothing a visitor reads is left in code. The leaders' initials follow
    // their names (here the markers, so the marker's first letter).
    const initials = /<span aria-hidden="true" class="inline-flex size-20[^"]*">([^<]*)<\/span>/g;
    expect([...html.matchAll(initials)].map((m) => m[1])).toEqual(about.leaders.items.map(() => '«'));
    expect(withoutFootnoteMarks(visibleTexts(html.replace(initials, '')))).toEqual([]);
  });

  it('shows the built-in initials until a name is changed', () => {
    const html = renderPage(<AboutPage />, { 'about.leaders': { 'items.rahul-mehta.name': 'Priya Nair' } });
    expect(html).toContain('>AH</span>');
    expect(html).toContain('>PN</span>');
    expect(html).not.toContain('>RM</span>');
  });

  it('shows the built-in copy when nothing is stored', () => {
    expectBuiltInCopy(renderPage(<AboutPage />), aboutContent);
  });

  it('lists the sections of the page', () => {
    expectListed(aboutContent, 'About us', ['/about-us'], ['about.hero', 'about.mission', 'about.values', 'about.stats', 'about.leaders', 'about.cta']);
  });
});
