import { describe, expect, it } from 'vitest';
import { about, aboutContent } from '@/content/about';
import { sectionTexts } from '@/content/registry';
import { sharedContent } from '@/content/shared';
import { AboutPage } from './about-page';
import { markedContent, marker, renderPage, visibleTexts } from '@/test/content-test-utils';

describe('About us content', () => {
  it('renders every registry key of its sections, each under its own key', () => {
    const { entries, content } = markedContent(aboutContent, sharedContent);
    const html = renderPage(<AboutPage />, content);
    const own = entries.filter((e) => e.section.startsWith('about.'));
    expect(own.length).toBeGreaterThan(40);
    for (const e of own) expect(html, `${e.section} ${e.key}`).toContain(marker(e.section, e.key));
    // Nothing a visitor reads is left in code. The leaders' initials follow
    // their names (here the markers, so the marker's first letter).
    const initials = /<span aria-hidden="true" class="inline-flex size-20[^"]*">([^<]*)<\/span>/g;
    expect([...html.matchAll(initials)].map((m) => m[1])).toEqual(about.leaders.items.map(() => '«'));
    expect(visibleTexts(html.replace(initials, ''))).toEqual([]);
  });

  it('shows the built-in initials until a name is changed', () => {
    const html = renderPage(<AboutPage />, { 'about.leaders': { 'items.rahul-mehta.name': 'Priya Nair' } });
    expect(html).toContain('>AH</span>');
    expect(html).toContain('>PN</span>');
    expect(html).not.toContain('>RM</span>');
  });

  it('shows the built-in copy when nothing is stored', () => {
    const html = renderPage(<AboutPage />);
    for (const [section, copy] of Object.entries(aboutContent.sections)) {
      for (const e of sectionTexts(section, copy)) expect(html).toContain(e.fallback.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    }
  });

  it('lists the sections of the page', () => {
    expect(aboutContent.name).toBe('About us');
    expect(aboutContent.paths).toEqual(['/about-us']);
    expect(Object.keys(aboutContent.sections)).toEqual(['about.hero', 'about.mission', 'about.values', 'about.stats', 'about.leaders', 'about.cta']);
  });
});
