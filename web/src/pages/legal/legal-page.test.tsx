import { describe, expect, it } from 'vitest';
import { expectBuiltInCopy, expectNoBuiltInCopy, expectRegistered, pageRenderer } from '@/test/content-test-utils';
import { CookiePolicyPage, PrivacyPolicyPage, TermsOfServicePage } from '@/pages/legal/legal-page';
import { legalPages } from '@/content/legal';

// The contract of the legal pages: every text the registry lists for a
// page is rendered under its key, and no built-in text is shown beside it.

const components: Record<string, React.ComponentType> = {
  '/privacy-policy': PrivacyPolicyPage,
  '/terms-of-service': TermsOfServicePage,
  '/cookie-policy': CookiePolicyPage,
};

const render = pageRenderer(components);

describe.each(legalPages.map((p) => [p.paths[0], p] as const))('legal page %s', (path, page) => {
  it('has a component and sections named after its path', () => {
    expect(components[path]).toBeDefined();
    const slug = path.slice(1);
    expect(Object.keys(page.sections)).toEqual([`${slug}.hero`, `${slug}.sections`, `${slug}.cta`]);
  });

  it('shows every built-in text when nothing is stored', () => {
    const html = render(page);
    expectBuiltInCopy(html, page);
    expect(html).toContain('>Effective date: December 17, 2024</p>');
    expect(html).toMatch(/>1<!-- -->\. <span>/);
  });

  it('renders every registry key under its key, and none of the built-in texts', () => {
    const html = expectNoBuiltInCopy(page, (content) => render(page, content));
    // The inline texts of before are copy now.
    for (const text of ['Legal', 'Effective date', 'Questions about working with us?', 'Talk to a senior consultant']) expect(html).not.toContain(text);
  });
});

describe('legal pages registry', () => {
  it('lists the three routes with readable names and unique keys', () => {
    expectRegistered(legalPages, [
      ['/privacy-policy', 'Privacy policy'],
      ['/terms-of-service', 'Terms of service'],
      ['/cookie-policy', 'Cookie policy'],
    ]);
  });

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
