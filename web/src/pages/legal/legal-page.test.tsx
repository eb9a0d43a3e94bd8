import { describe, expect, it } from 'vitest';
import { describeTemplatePages, type TemplatePage } from '@/test/content-test-utils';
import { CookiePolicyPage, PrivacyPolicyPage, TermsOfServicePage } from '@/pages/legal/legal-page';
import { legalPages } from '@/content/legal';

// The contract of the legal pages: every text the registry lists for a
// page is rendered under its key, and no built-in text is shown beside it.

const listed: TemplatePage[] = [
  ['/privacy-policy', 'Privacy policy', PrivacyPolicyPage],
  ['/terms-of-service', 'Terms of service', TermsOfServicePage],
  ['/cookie-policy', 'Cookie policy', CookiePolicyPage],
];

const render = describeTemplatePages('legal page', legalPages, listed, {
  sections: () => ['hero', 'sections', 'cta'],
  formerLabels: ['Legal', 'Effective date', 'Questions about working with us?', 'Talk to a senior consultant'],
  builtIn: (html) => {
    expect(html).toContain('>Effective date: December 17, 2024</p>');
    expect(html).toMatch(/>1<!-- -->\. <span>/);
  },
});

describe('legal pages', () => {
  it('numbers the sections in their saved order, with the paragraphs in theirs', () => {
    const html = render(legalPages[0], {
      'privacy-policy.sections': {
        items: JSON.stringify(['sharing', 'information-we-collect', 'new-section', 'unwritten']),
        'items.information-we-collect.paragraphs': JSON.stringify(['technical-data']),
        'items.new-section.heading': 'Retention',
        'items.new-section.paragraphs.text.text': 'We keep requests for a year.',
      },
    });
    expect(html).toMatch(/>1<!-- -->\. <span>Sharing</);
    expect(html).toMatch(/>2<!-- -->\. <span>Information we collect</);
    expect(html).toMatch(/>3<!-- -->\. <span>Retention</);
    expect(html).toContain('We keep requests for a year.');
    // A section added but not yet written is not shown.
    expect(html).not.toContain('New section');
    expect(html).not.toMatch(/>4<!-- -->\./);
    expect(html).toContain('When you visit the site');
    expect(html).not.toContain('When you request a consultation');
    expect(html).not.toContain('Your rights');
  });
});
