// Copy of the three legal pages. All take effect on December 17, 2024.
// Each page's sections are `<slug>.hero` (the heading block), `<slug>.sections`
// (the numbered sections, a repeating group `items` whose paragraphs are a
// repeating group of their own) and `<slug>.cta`; the keys of their texts are
// their paths in these objects (see content/registry.ts).
import type { ContentPage } from '@/content/registry';

/** A paragraph of a legal section. */
export type LegalParagraph = { id: string; text: string };

/** A numbered section of a legal page: its heading and its paragraphs. */
export type LegalSection = { id: string; heading: string; paragraphs: LegalParagraph[] };

export type LegalDocument = {
  /** The page's address without the slash, and the prefix of its section ids. */
  slug: string;
  /** The page's name in the admin. */
  name: string;
  /** The opening block: the label, the page's H1, the effective date and the introduction. */
  hero: { eyebrow: string; title: string; effective: string; intro: string };
  sections: { items: LegalSection[] };
  cta: { title: string; text: string };
};

export const effectiveDate = 'December 17, 2024';
export const legalContact = 'legal@meridian-ai.com';

/** The call to action that closes every legal page (each page has its own copy of it). */
const legalCta = { title: 'Questions about working with us?', text: 'Talk to a senior consultant in a free 30-minute call.' };

export const privacyPolicy: LegalDocument = {
  slug: 'privacy-policy',
  name: 'Privacy policy',
  hero: {
    eyebrow: 'Legal',
    title: 'Privacy Policy',
    effective: `Effective date: ${effectiveDate}`,
    intro: 'This policy explains what personal information Meridian AI collects through this website, why we collect it, and the choices you have.',
  },
  sections: {
    items: [
      {
        id: 'information-we-collect',
        heading: 'Information we collect',
        paragraphs: [
          { id: 'consultation-requests', text: 'When you request a consultation we collect your first and last name, business email address, company name and, if you give them, your job title, area of interest and project details.' },
          { id: 'technical-data', text: 'When you visit the site our servers record technical data such as your IP address and browser type, to keep the site secure and working.' },
          {
            id: 'site-analytics',
            text: 'We count visits to learn which pages and sources bring enquiries, without cookies and without any third party: the pages viewed, the site or campaign link you arrived from, the width of your screen, whether you started a consultation form, and how fast pages loaded. To tell visits apart within one day, our server makes a one-way code from your IP address and browser type with a key it deletes at the end of that day; it keeps neither your IP address nor your browser type with these counts. If your browser sends Global Privacy Control or Do Not Track, your visit counts only in totals, without that code. When you request a consultation, the pages you read during that visit are kept with your request.',
          },
        ],
      },
      {
        id: 'how-we-use-your-information',
        heading: 'How we use your information',
        paragraphs: [
          { id: 'your-requests', text: 'We use the details you submit to respond to your request, arrange a consultation and prepare a proposal. We do not sell your personal information.' },
          { id: 'site-operation', text: 'Technical data is used to operate, secure and improve the website.' },
        ],
      },
      {
        id: 'sharing',
        heading: 'Sharing',
        paragraphs: [
          { id: 'service-providers', text: 'We share personal information only with service providers who host and operate our systems under contracts that require them to protect it, or when the law requires us to.' },
        ],
      },
      {
        id: 'retention-and-security',
        heading: 'Retention and security',
        paragraphs: [
          { id: 'retention', text: 'We keep consultation requests for up to 24 months after our last contact with you, then delete them. We protect data with encryption in transit, access controls and regular security reviews.' },
        ],
      },
      {
        id: 'your-rights',
        heading: 'Your rights',
        paragraphs: [
          { id: 'rights', text: 'Depending on where you live, you may have the right to access, correct, delete or export your personal information, and to object to its processing. Write to us at the address below and we will respond within 30 days.' },
        ],
      },
      {
        id: 'contact',
        heading: 'Contact',
        paragraphs: [
          { id: 'questions', text: 'Questions about this policy can be sent to legal@meridian-ai.com.' },
        ],
      },
    ],
  },
  cta: { ...legalCta },
};

export const termsOfService: LegalDocument = {
  slug: 'terms-of-service',
  name: 'Terms of service',
  hero: {
    eyebrow: 'Legal',
    title: 'Terms of Service',
    effective: `Effective date: ${effectiveDate}`,
    intro: 'These terms govern your use of the Meridian AI website. By using the site you agree to them.',
  },
  sections: {
    items: [
      {
        id: 'use-of-the-website',
        heading: 'Use of the website',
        paragraphs: [
          { id: 'acceptable-use', text: 'You may use this website to learn about our services and to contact us. You agree not to misuse it, including by attempting to gain unauthorised access, disrupting its operation or submitting false information.' },
        ],
      },
      {
        id: 'content-and-intellectual-property',
        heading: 'Content and intellectual property',
        paragraphs: [
          { id: 'ownership', text: 'The text, graphics and other content of this website belong to Meridian AI or its licensors. You may view and share pages for personal or internal business purposes, but not reproduce them commercially without our written permission.' },
        ],
      },
      {
        id: 'no-professional-advice',
        heading: 'No professional advice',
        paragraphs: [
          { id: 'general-information', text: 'The content of this website is general information. It is not advice for your specific situation. Figures in case studies describe past engagements and do not guarantee future results.' },
        ],
      },
      {
        id: 'services',
        heading: 'Services',
        paragraphs: [
          { id: 'service-agreements', text: 'Consulting, implementation, support, training and staffing services are provided only under a separate written agreement, which prevails over these terms.' },
        ],
      },
      {
        id: 'limitation-of-liability',
        heading: 'Limitation of liability',
        paragraphs: [
          { id: 'liability', text: 'To the extent the law allows, Meridian AI is not liable for indirect or consequential loss arising from your use of this website.' },
        ],
      },
      {
        id: 'changes-and-governing-law',
        heading: 'Changes and governing law',
        paragraphs: [
          { id: 'changes', text: 'We may update these terms; the effective date above shows the current version. These terms are governed by the laws of the State of Delaware.' },
        ],
      },
    ],
  },
  cta: { ...legalCta },
};

export const cookiePolicy: LegalDocument = {
  slug: 'cookie-policy',
  name: 'Cookie policy',
  hero: {
    eyebrow: 'Legal',
    title: 'Cookie Policy',
    effective: `Effective date: ${effectiveDate}`,
    intro: 'This policy explains how the Meridian AI website uses cookies and similar technologies.',
  },
  sections: {
    items: [
      {
        id: 'what-cookies-are',
        heading: 'What cookies are',
        paragraphs: [
          { id: 'definition', text: 'Cookies are small text files a website stores in your browser. Similar technologies, such as local storage, work in the same way.' },
        ],
      },
      {
        id: 'cookies-we-use',
        heading: 'Cookies we use',
        paragraphs: [
          { id: 'necessary-cookies', text: 'Strictly necessary: to keep the site secure and, for our staff, to keep them signed in to the administration area. These cannot be switched off.' },
          { id: 'no-tracking', text: 'We do not use advertising or analytics cookies, and we do not allow third parties to track you across other websites through this site.' },
          { id: 'visit-storage', text: 'While you browse, your browser tab keeps where your visit began and the pages you read (session storage, deleted when you close the tab), so that a consultation request can include them. It is sent to us only with such a request, or as the counts described in our privacy policy.' },
        ],
      },
      {
        id: 'managing-cookies',
        heading: 'Managing cookies',
        paragraphs: [
          { id: 'browser-settings', text: 'You can block or delete cookies in your browser settings. Blocking strictly necessary cookies may stop parts of the site from working.' },
        ],
      },
      {
        id: 'contact',
        heading: 'Contact',
        paragraphs: [
          { id: 'questions', text: 'Questions about this policy can be sent to legal@meridian-ai.com.' },
        ],
      },
    ],
  },
  cta: { ...legalCta },
};

/** The ids of a legal page's sections. */
export function legalSections(doc: LegalDocument) {
  return { hero: `${doc.slug}.hero`, sections: `${doc.slug}.sections`, cta: `${doc.slug}.cta` };
}

function legalPage(doc: LegalDocument): ContentPage {
  const id = legalSections(doc);
  return { paths: [`/${doc.slug}`], name: doc.name, sections: { [id.hero]: doc.hero, [id.sections]: doc.sections, [id.cta]: doc.cta } };
}

export const privacyPolicyContent = legalPage(privacyPolicy);
export const termsOfServiceContent = legalPage(termsOfService);
export const cookiePolicyContent = legalPage(cookiePolicy);

/** The three legal pages. */
export const legalPages: ContentPage[] = [privacyPolicyContent, termsOfServiceContent, cookiePolicyContent];
