// The built-in pages of the public site (SPEC section 2): each address
// with what it tells search engines and link previews. The router gives
// each its component (app/routes.tsx); the admin offers them as link
// targets. The server renders exactly these paths; anything else answers 404.

/** What a page tells search engines and link previews about itself. */
export type PageMeta = {
  title: string;
  description: string;
  /** The whole browser title, when the page sets its own (a published page's meta title). */
  documentTitle?: string;
};

function page<P extends string>(path: P, title: string, description: string): { path: P; meta: PageMeta } {
  return { path, meta: { title, description } };
}

export const publicPages = [
  page(
    '/',
    'Enterprise AI Solutions, Consulting & Staffing',
    'Meridian AI designs, builds and runs machine learning, NLP and computer vision systems for enterprises, and staffs the AI teams to keep them improving.',
  ),
  page(
    '/ai-journey',
    'Free AI Consultation',
    'Book a free 30-minute AI consultation with a senior strategist and receive a written proposal with scope, team and timeline within 24 hours.',
  ),
  page(
    '/privacy-policy',
    'Privacy Policy',
    'How Meridian AI collects, uses and protects the personal information you share through our website. Effective December 17, 2024.',
  ),
  page(
    '/terms-of-service',
    'Terms of Service',
    'The terms that govern your use of the Meridian AI website, its content and our contact forms. Effective December 17, 2024.',
  ),
  page(
    '/cookie-policy',
    'Cookie Policy',
    'Which cookies the Meridian AI website uses, why, and how you can control them in your browser. Effective December 17, 2024.',
  ),
  page(
    '/machine-learning',
    'Machine Learning Solutions',
    'Forecasting, scoring, recommendation and optimisation models built on your data, deployed into your workflows and monitored in production.',
  ),
  page(
    '/deep-learning',
    'Deep Learning Solutions',
    'Neural networks for images, language, audio and sensor data, from medical imaging to predictive maintenance, built with PyTorch, TensorFlow, JAX and CUDA.',
  ),
  page(
    '/natural-language-processing',
    'Natural Language Processing Solutions',
    'Assistants, semantic search and document understanding that read contracts, tickets and reports at enterprise scale across six industries.',
  ),
  page(
    '/computer-vision',
    'Computer Vision Solutions',
    'Visual inspection, detection, OCR and video analytics that work on your existing cameras, in real time, in the cloud or at the edge.',
  ),
  page(
    '/predictive-analytics',
    'Predictive Analytics Solutions',
    'Demand forecasting, customer analytics, risk assessment and anomaly detection that let your teams act before problems and opportunities arrive.',
  ),
  page(
    '/ai-consulting',
    'AI Consulting Services',
    'Independent AI consulting: readiness assessments, use case discovery, vendor selection and responsible AI governance from practitioners.',
  ),
  page(
    '/strategy-development',
    'AI Strategy Development',
    'An AI strategy tied to your business goals: vision, prioritised roadmap, operating model and board-ready business cases in six to eight weeks.',
  ),
  page(
    '/implementation',
    'AI Implementation Services',
    'Cross-functional teams that take AI from proof of value to production, integrated with your ERP, CRM and data platforms.',
  ),
  page(
    '/ongoing-support',
    'Ongoing AI Support',
    '24/7 monitoring, retraining, incident response and continuous improvement that keep your AI systems accurate and reliable.',
  ),
  page(
    '/training-education',
    'AI Training & Education',
    'AI programmes for executives, staff and engineers: briefings, AI literacy courses, engineering bootcamps and mentoring on live projects.',
  ),
  page(
    '/about-us',
    'About Us',
    'Meet Meridian AI: our mission, values and leadership team, with 500+ projects delivered for 200+ enterprise clients.',
  ),
  page(
    '/case-studies',
    'Case Studies',
    'Six enterprise AI case studies with challenges, solutions, ROI and timelines, and a track record of $50M+ in client savings.',
  ),
  page(
    '/blog',
    'Blog',
    'Insights on enterprise AI strategy, machine learning, NLP and computer vision from the consultants and engineers of Meridian AI.',
  ),
  page(
    '/careers',
    'Careers',
    'Join Meridian AI: open positions for machine learning engineers, data scientists and AI consultants across the US and remote.',
  ),
] as const;

/** The address of a built-in page. */
export type PublicPath = (typeof publicPages)[number]['path'];
