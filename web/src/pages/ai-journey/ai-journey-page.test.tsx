import { describe, expect, it } from 'vitest';
import { journeyContent } from '@/content/ai-journey';
import { sectionTexts } from '@/content/registry';
import { sharedContent } from '@/content/shared';
import { markedContent, marker, renderPage, visibleTexts } from '@/test/content-test-utils';
import { AiJourneyPage, ThankYou } from './ai-journey-page';

// The lead form's own texts stay in code: they are its contract with the
// lead-form tests (labels, placeholders, choices, messages).
const formTexts = [
  'Leave this field empty',
  'First Name', '*', 'Last Name', 'Business Email', 'Company Name', 'Job Title',
  'Select your role', 'CEO / Executive', 'CTO / Technology Leader', 'Product Manager', 'Marketing', 'Operations', 'Other',
  'AI Solution Interest', 'Select an area of interest',
  'Predictive Analytics', 'Process Automation', 'Customer Intelligence', 'Document Processing',
  'Machine Learning', 'Natural Language Processing', 'Computer Vision', 'AI Strategy & Consulting',
  'Project Details', 'Fields marked', 'are required.',
  'The form is getting ready. You can send it in a moment.',
];

describe('AI journey content', () => {
  it('renders every registry key of its sections, each under its own key', () => {
    const { entries, content } = markedContent(journeyContent, sharedContent);
    const html = renderPage(<AiJourneyPage />, content) + renderPage(<ThankYou onAgain={() => {}} />, content);
    const own = entries.filter((e) => e.section.startsWith('ai-journey.'));
    expect(own.length).toBeGreaterThan(40);
    for (const e of own) expect(html, `${e.section} ${e.key}`).toContain(marker(e.section, e.key));
    // Left in code: the numbers of the steps and the lead form's own texts.
    expect(new Set(visibleTexts(html))).toEqual(new Set(['1', '2', '3', '4', ...formTexts]));
  });

  it('labels the send button with the editable text', () => {
    const html = renderPage(<AiJourneyPage />, { 'ai-journey.form': { submit: 'Talk to us' } });
    expect(html).toMatch(/<button [^>]*type="submit"[^>]*>.*?<\/svg><span>Talk to us<\/span><\/button>/);
  });

  it('shows the built-in copy when nothing is stored', () => {
    const html = renderPage(<AiJourneyPage />) + renderPage(<ThankYou onAgain={() => {}} />);
    for (const [section, copy] of Object.entries(journeyContent.sections)) {
      for (const e of sectionTexts(section, copy)) expect(html).toContain(e.fallback.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    }
  });

  it('lists the sections of the page', () => {
    expect(journeyContent.name).toBe('AI journey');
    expect(journeyContent.paths).toEqual(['/ai-journey']);
    expect(Object.keys(journeyContent.sections)).toEqual([
      'ai-journey.hero',
      'ai-journey.benefits',
      'ai-journey.solutions',
      'ai-journey.process',
      'ai-journey.form',
      'ai-journey.thank-you',
    ]);
  });
});
