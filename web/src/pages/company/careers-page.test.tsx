import { describe, expect, it } from 'vitest';
import { careersContent } from '@/content/careers';
import { sharedContent } from '@/content/shared';
import { CareersPage } from './careers-page';
import { ClosedPositionPage, PositionPage } from './position-page';
import { expectBuiltInCopy, expectListed, renderMarked, renderPage, visibleTexts } from '@/test/content-test-utils';
import type { ContentMap } from '@/lib/site-data';
import { samplePosition } from '@/test/position-fixtures';

const architect = samplePosition({ title: 'AI Solutions Architect', slug: 'ai-solutions-architect', remote: true, location: '', regions: 'US', department: 'Engineering' });
const description = { type: 'doc' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text: 'The whole story.' }] }] };

/** Every screen of the careers: the list with positions and without, a position's page (without its form, whose words are its own) and a closed one's. */
function renderAll(content: ContentMap): string {
  const open = [samplePosition(), architect];
  return [
    renderPage(<CareersPage />, content, '/careers', { careers: { open } }),
    renderPage(<CareersPage />, content, '/careers', { careers: { open: [] } }),
    renderPage(<PositionPage />, content, '/careers/data-scientist', { careers: { open, position: { ...samplePosition(), description } } }),
    renderPage(<ClosedPositionPage />, content, '/careers/old', { careers: { open: [], closed: samplePosition({ slug: 'old' }) } }),
  ].join('');
}

describe('Careers content', () => {
  it('renders every registry key of its sections, each under its own key', () => {
    const html = renderMarked(careersContent, renderAll, 20, sharedContent);
    // Left in code: the positions' own texts (records of the Careers tab),
    // the separators, the screen-reader suffix of Apply Now and the numbers
    // of the perks' list.
    expect(new Set(visibleTexts(html))).toEqual(
      new Set(['Data Scientist', 'AI Solutions Architect', 'Build forecasting models.', 'Data Science · Full-time', 'Engineering · Full-time', 'New York, NY', 'Remote (US)',
        '$140,000 – $180,000', 'October 27, 2026 ·', 'December 31, 2026', 'The whole story.', 'for Data Scientist', 'for AI Solutions Architect', '01', '02', '03', '04']),
    );
  });

  it('lists the open positions, each linking to its page and its form', () => {
    const html = renderPage(<CareersPage />, {}, '/careers', { careers: { open: [samplePosition(), architect] } });
    expect(html).toContain('href="/careers/data-scientist#apply"');
    expect(html).toContain('<span class="sr-only"> for Data Scientist</span>');
    expect(html).toContain('Remote (US)');
    expect(html).toContain('$140,000 – $180,000');
  });

  it('has the application form on the position page, for the position', () => {
    const html = renderPage(<PositionPage />, {}, '/careers/data-scientist', { careers: { open: [], position: { ...samplePosition(), id: 7, description } } });
    expect(html).toContain('aria-label="Application"');
    expect(html).toContain('name="cv"');
    expect(html).toContain('id="apply"');
  });

  it('shows the built-in copy when nothing is stored', () => {
    expectBuiltInCopy(renderAll({}), careersContent);
  });

  it('lists the sections of the page', () => {
    expectListed(careersContent, 'Careers', ['/careers'], ['careers.hero', 'careers.perks', 'careers.jobs', 'careers.position', 'careers.cta']);
  });
});
