// Copy of the three legal pages. All take effect on December 17, 2024.
export type LegalDocument = {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
};

export const effectiveDate = 'December 17, 2024';
export const legalContact = 'legal@meridian-ai.com';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  intro:
    'This policy explains what personal information Meridian AI collects through this website, why we collect it, and the choices you have.',
  sections: [
    {
      heading: 'Information we collect',
      paragraphs: [
        'When you request a consultation we collect your first and last name, business email address, company name and, if you give them, your job title, area of interest and project details.',
        'When you visit the site our servers record technical data such as your IP address, browser type and the pages you view, to keep the site secure and working.',
      ],
    },
    {
      heading: 'How we use your information',
      paragraphs: [
        'We use the details you submit to respond to your request, arrange a consultation and prepare a proposal. We do not sell your personal information.',
        'Technical data is used to operate, secure and improve the website.',
      ],
    },
    {
      heading: 'Sharing',
      paragraphs: [
        'We share personal information only with service providers who host and operate our systems under contracts that require them to protect it, or when the law requires us to.',
      ],
    },
    {
      heading: 'Retention and security',
      paragraphs: [
        'We keep consultation requests for up to 24 months after our last contact with you, then delete them. We protect data with encryption in transit, access controls and regular security reviews.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'Depending on where you live, you may have the right to access, correct, delete or export your personal information, and to object to its processing. Write to us at the address below and we will respond within 30 days.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Questions about this policy can be sent to legal@meridian-ai.com.'],
    },
  ],
};

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  intro: 'These terms govern your use of the Meridian AI website. By using the site you agree to them.',
  sections: [
    {
      heading: 'Use of the website',
      paragraphs: [
        'You may use this website to learn about our services and to contact us. You agree not to misuse it, including by attempting to gain unauthorised access, disrupting its operation or submitting false information.',
      ],
    },
    {
      heading: 'Content and intellectual property',
      paragraphs: [
        'The text, graphics and other content of this website belong to Meridian AI or its licensors. You may view and share pages for personal or internal business purposes, but not reproduce them commercially without our written permission.',
      ],
    },
    {
      heading: 'No professional advice',
      paragraphs: [
        'The content of this website is general information. It is not advice for your specific situation. Figures in case studies describe past engagements and do not guarantee future results.',
      ],
    },
    {
      heading: 'Services',
      paragraphs: [
        'Consulting, implementation, support, training and staffing services are provided only under a separate written agreement, which prevails over these terms.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'To the extent the law allows, Meridian AI is not liable for indirect or consequential loss arising from your use of this website.',
      ],
    },
    {
      heading: 'Changes and governing law',
      paragraphs: [
        'We may update these terms; the effective date above shows the current version. These terms are governed by the laws of the State of Delaware.',
      ],
    },
  ],
};

export const cookiePolicy: LegalDocument = {
  title: 'Cookie Policy',
  intro: 'This policy explains how the Meridian AI website uses cookies and similar technologies.',
  sections: [
    {
      heading: 'What cookies are',
      paragraphs: [
        'Cookies are small text files a website stores in your browser. Similar technologies, such as local storage, work in the same way.',
      ],
    },
    {
      heading: 'Cookies we use',
      paragraphs: [
        'Strictly necessary: to keep the site secure and, for our staff, to keep them signed in to the administration area. These cannot be switched off.',
        'We do not use advertising cookies, and we do not allow third parties to track you across other websites through this site.',
      ],
    },
    {
      heading: 'Managing cookies',
      paragraphs: [
        'You can block or delete cookies in your browser settings. Blocking strictly necessary cookies may stop parts of the site from working.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Questions about this policy can be sent to legal@meridian-ai.com.'],
    },
  ],
};
