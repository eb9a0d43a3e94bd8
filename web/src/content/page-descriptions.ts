// What each built-in page (content/public-pages.ts) tells search engines
// and link previews: rendered by the server into each page's head, and
// fetched by the browser only when a visitor moves to another page without
// a reload. A figure about the company is quoted as `{fact-key}`, which
// pageDescription replaces with the fact's value (content/facts.ts).
import { withFacts } from '@/content/facts';
import type { PublicPath } from '@/content/public-pages';

const descriptions = {
  '/':
    'Meridian AI designs, builds and runs machine learning, NLP and computer vision systems for enterprises, and staffs the AI teams to keep them improving.',
  '/ai-journey':
    'Book a free 30-minute AI consultation with a senior strategist and receive a written proposal with scope, team and timeline within 24 hours.',
  '/privacy-policy':
    'How Meridian AI collects, uses and protects the personal information you share through our website. Effective December 17, 2024.',
  '/terms-of-service':
    'The terms that govern your use of the Meridian AI website, its content and our contact forms. Effective December 17, 2024.',
  '/cookie-policy':
    'Which cookies the Meridian AI website uses, why, and how you can control them in your browser. Effective December 17, 2024.',
  '/machine-learning':
    'Forecasting, scoring, recommendation and optimisation models built on your data, deployed into your workflows and monitored in production.',
  '/deep-learning':
    'Neural networks for images, language, audio and sensor data, from medical imaging to predictive maintenance, built with PyTorch, TensorFlow, JAX and CUDA.',
  '/natural-language-processing':
    'Assistants, semantic search and document understanding that read contracts, tickets and reports at enterprise scale across six industries.',
  '/computer-vision':
    'Visual inspection, detection, OCR and video analytics that work on your existing cameras, in real time, in the cloud or at the edge.',
  '/predictive-analytics':
    'Demand forecasting, customer analytics, risk assessment and anomaly detection that let your teams act before problems and opportunities arrive.',
  '/ai-consulting':
    'Independent AI consulting: readiness assessments, use case discovery, vendor selection and responsible AI governance from practitioners.',
  '/strategy-development':
    'An AI strategy tied to your business goals: vision, prioritised roadmap, operating model and board-ready business cases in six to eight weeks.',
  '/implementation':
    'Cross-functional teams that take AI from proof of value to production, integrated with your ERP, CRM and data platforms.',
  '/ongoing-support':
    '24/7 monitoring, retraining, incident response and continuous improvement that keep your AI systems accurate and reliable.',
  '/training-education':
    'AI programmes for executives, staff and engineers: briefings, AI literacy courses, engineering bootcamps and mentoring on live projects.',
  '/about-us':
    'Meet Meridian AI: our mission, values and leadership team, with {projects-delivered} projects delivered for {enterprise-clients} enterprise clients.',
  '/case-studies':
    'Six enterprise AI case studies with challenges, solutions, ROI and timelines, and a track record of {total-savings} in client savings.',
  '/blog':
    'Insights on enterprise AI strategy, machine learning, NLP and computer vision from the consultants and engineers of Meridian AI.',
  '/careers':
    'Join Meridian AI: open positions for machine learning engineers, data scientists and AI consultants across the US and remote.',
} satisfies Record<PublicPath, string>;

const byPath: Readonly<Record<string, string>> = descriptions;

/** A built-in page's description, by its address, with the facts it quotes as the page data holds them; empty for any other address. */
export function pageDescription(path: string, content: Record<string, Record<string, string>>): string {
  const text = byPath[path];
  return text === undefined ? '' : withFacts(text, content);
}
