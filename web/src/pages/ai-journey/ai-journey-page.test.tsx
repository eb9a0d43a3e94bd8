import { describe, expect, it } from 'vitest';
import { journeyContent } from '@/content/ai-journey';
import { sharedContent } from '@/content/shared';
import { expectBuiltInCopy, expectListed, renderMarked, renderPage, visibleTexts } from '@/test/content-test-utils';
import { ThankYou } from '@/components/marketing/thank-you';
import { AiJourneyPage } from './ai-journey-page';

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
    const html = renderMarked(journeyContent, (content) => renderPage(<AiJourneyPage />, content) + renderPage(<ThankYou onAgain={() => {}} />, content), 40, sharedContent);
    // Left in code: the numbers of the steps and the lead form's own texts.
    expect(new Set(visibleTexts(html))).toEqual(new Set(['1', '2', '3', '4', ...formTexts]));
  });

  it('labels the hero button and the send button with the one shared consultation label', () => {
    const html = renderPage(<AiJourneyPage />, { 'shared.consultation': { label: 'Talk to us' } });
    expect(html).toMatch(/<a [^>]*href="#contact"[^>]*><span>Talk to us<\/span>/);
    expect(html).toMatch(/<button [^>]*type="submit"[^>]*>.*?<\/svg><span>Talk to us<\/span><\/button>/);
    expect(renderPage(<AiJourneyPage />)).not.toMatch(/Request Free Consultation|Book my free consultation/);
  });

  it('shows the built-in copy when nothing is stored', () => {
    expectBuiltInCopy(renderPage(<AiJourneyPage />) + renderPage(<ThankYou onAgain={() => {}} />), journeyContent);
  });

  it('lists the sections of the page', () => {
    expectListed(journeyContent, 'AI journey', ['/ai-journey'], [
      'ai-journey.hero',
      'ai-journey.benefits',
      'ai-journey.solutions',
      'ai-journey.process',
      'ai-journey.form',
      'ai-journey.thank-you',
    ]);
  });
});
