import { describe, expect, it } from 'vitest';
import { careersContent } from '@/content/careers';
import { sharedContent } from '@/content/shared';
import { CareersPage } from './careers-page';
import { expectBuiltInCopy, expectListed, renderMarked, renderPage, visibleTexts } from '@/test/content-test-utils';

describe('Careers content', () => {
  it('renders every registry key of its sections, each under its own key', () => {
    const html = renderMarked(careersContent, (content) => renderPage(<CareersPage />, content), 40, sharedContent);
    // Left in code: the separator between department and type, and the
    // screen-reader suffix of Apply Now ("for" the position's title).
    expect(new Set(visibleTexts(html))).toEqual(new Set(['·', 'for']));
  });

  it('names the position as shown in the mail subject and the button', () => {
    const html = renderPage(<CareersPage />, { 'careers.jobs': { 'items.data-scientist.title': 'Data Wizard' } });
    expect(html).toContain('subject=Application%3A%20Data%20Wizard"');
    expect(html).toContain('<span class="sr-only"> for Data Wizard</span>');
    expect(html).not.toContain('Data Scientist');
  });

  it('shows the built-in copy when nothing is stored', () => {
    const html = renderPage(<CareersPage />);
    expectBuiltInCopy(html, careersContent);
    expect(html).toContain('href="mailto:careers@meridian-ai.com?subject=Application%3A%20Senior%20Machine%20Learning%20Engineer"');
  });

  it('lists the sections of the page', () => {
    expectListed(careersContent, 'Careers', ['/careers'], ['careers.hero', 'careers.perks', 'careers.jobs', 'careers.cta']);
  });
});
