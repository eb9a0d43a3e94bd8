// Copy of the five solution pages. Each page's sections are `<slug>.hero`,
// `<slug>.capabilities`, `<slug>.applications`, `<slug>.industries` and
// `<slug>.stack` (where the page has them), the engagement
// (content/solution-engagement.ts: `<slug>.process`, `<slug>.case-study`,
// `<slug>.faq`) and `<slug>.cta`; the keys of their texts are their paths in
// these objects (see content/registry.ts).
import {
  AudioWaveform,
  BarChart3,
  Boxes,
  Camera,
  FileSearch,
  Gauge,
  Globe,
  GraduationCap,
  HeartPulse,
  Landmark,
  Languages,
  Layers,
  MessageSquareText,
  Network,
  Newspaper,
  Scale,
  ScanEye,
  ScanFace,
  Search,
  ShieldAlert,
  ShoppingCart,
  Smile,
  Target,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ContentPage } from '@/content/registry';
import { solutionEngagements, type SolutionEngagement } from '@/content/solution-engagement';
import type { Application, Feature, HeroContent } from '@/content/types';

export type Named = { name: string; description: string };

/** An item of a repeating group of names: an industry, a framework. */
export type NamedItem = Named & { id: string };

/** An industry served, with the icon of its card. */
export type Industry = NamedItem & { icon: LucideIcon };

export type SolutionPageContent = SolutionEngagement & {
  /** The page's address without the slash, and the prefix of its section ids. */
  slug: string;
  /** The page's name in the admin. */
  name: string;
  hero: HeroContent;
  capabilities: { eyebrow: string; title: string; items: Feature[] };
  /** impact_label is the label before each application's impact, with its trailing space. */
  applications: { eyebrow: string; title: string; impact_label: string; items: Application[] };
  industries?: { eyebrow: string; title: string; items: Industry[] };
  stack?: { eyebrow: string; title: string; description: string; frameworks: NamedItem[]; platform: Named };
  cta: { title: string; text: string };
};

export const machineLearning: SolutionPageContent = {
  slug: 'machine-learning',
  ...solutionEngagements['machine-learning'],
  name: 'Machine learning',
  hero: {
    eyebrow: 'AI solutions · Machine learning',
    title: 'Machine Learning that moves your numbers',
    lead: 'Forecasting, scoring and optimisation models built on your data, deployed into the systems your teams already use, and monitored so they stay accurate.',
  },
  capabilities: {
    eyebrow: 'What we do',
    title: 'Capabilities',
    items: [
      { id: 'predictive-modelling', icon: TrendingUp, title: 'Predictive modelling', description: 'Gradient-boosted and neural models that forecast demand, churn, price and risk with measured confidence.' },
      { id: 'segmentation-and-recommendation', icon: Users, title: 'Segmentation and recommendation', description: 'Customer clusters and next-best-action models that personalise offers at scale.' },
      { id: 'optimisation', icon: Target, title: 'Optimisation', description: 'Pricing, scheduling and routing engines that balance cost, service level and capacity.' },
      { id: 'mlops', icon: Layers, title: 'MLOps', description: 'Feature stores, automated retraining, drift alerts and audit trails for every model in production.' },
    ],
  },
  applications: {
    eyebrow: 'Where it pays off',
    title: 'Real-world applications',
    impact_label: 'Impact: ',
    items: [
      { id: 'demand-forecasting-in-retail', title: 'Demand forecasting in retail', description: 'Store-by-SKU forecasts that combine sales history, promotions, weather and local events.', impact: '30% less excess stock' },
      { id: 'credit-risk-scoring', title: 'Credit risk scoring', description: 'Explainable scorecards that meet model-risk rules and approve good customers faster.', impact: '18% lower default rate' },
      { id: 'churn-prevention', title: 'Churn prevention', description: 'Early warnings for at-risk subscribers with the reasons and the offer most likely to keep them.', impact: '22% lower churn' },
      { id: 'dynamic-pricing', title: 'Dynamic pricing', description: 'Prices that respond to demand, competition and stock levels within limits you control.', impact: '4–7% margin uplift' },
    ],
  },
  cta: { title: 'Put machine learning to work', text: 'Tell us the decision you want to improve. We will show you the model, the data it needs and the return to expect.' },
};

export const deepLearning: SolutionPageContent = {
  slug: 'deep-learning',
  ...solutionEngagements['deep-learning'],
  name: 'Deep learning',
  hero: {
    eyebrow: 'AI solutions · Deep learning',
    title: 'Deep Learning for your hardest problems',
    lead: 'Neural networks for images, language, audio and sensor streams, trained on GPU clusters and tuned to run reliably in production, in the cloud or at the edge.',
  },
  capabilities: {
    eyebrow: 'What we do',
    title: 'Capabilities',
    items: [
      { id: 'neural-networks', icon: Network, title: 'Neural Networks', description: 'Custom architectures, transfer learning and fine-tuning of foundation models on your own data.' },
      { id: 'computer-vision', icon: Camera, title: 'Computer Vision', description: 'Detection, segmentation and classification models for images and video.' },
      { id: 'natural-language-processing', icon: MessageSquareText, title: 'Natural Language Processing', description: 'Transformer models that classify, summarise, extract and generate text.' },
      { id: 'signal-processing', icon: AudioWaveform, title: 'Signal Processing', description: 'Models for audio, vibration and time-series sensor data, from speech to machine health.' },
    ],
  },
  applications: {
    eyebrow: 'Where it pays off',
    title: 'Industry applications',
    impact_label: 'Impact: ',
    items: [
      { id: 'medical-image-analysis', title: 'Medical Image Analysis', description: 'Assistive models that flag findings in X-ray, CT and pathology images for radiologist review.', impact: '35% faster reading times' },
      { id: 'autonomous-systems', title: 'Autonomous Systems', description: 'Perception and control models for robots, drones and guided vehicles in warehouses and plants.', impact: '3× throughput per operator' },
      { id: 'content-generation', title: 'Content Generation', description: 'Brand-safe generation of product copy, imagery and variants, with review workflows built in.', impact: '70% less time to publish' },
      { id: 'predictive-maintenance', title: 'Predictive Maintenance', description: 'Vibration and acoustic models that detect wear long before a failure stops the line.', impact: '45% less unplanned downtime' },
    ],
  },
  stack: {
    eyebrow: 'What we build with',
    title: 'Technology stack',
    description: 'We choose frameworks for the problem and your team, not out of habit, and train on dedicated GPU infrastructure.',
    frameworks: [
      { id: 'pytorch', name: 'PyTorch', description: 'Research-grade flexibility with a mature path to production.' },
      { id: 'tensorflow', name: 'TensorFlow', description: 'Proven serving and mobile deployment at large scale.' },
      { id: 'jax', name: 'JAX', description: 'Fast, composable training for large models on accelerators.' },
      { id: 'keras', name: 'Keras', description: 'Clear, high-level model building that teams can maintain.' },
    ],
    platform: { name: 'NVIDIA CUDA', description: 'The GPU computing platform under our training and inference, from multi-GPU clusters to edge devices.' },
  },
  cta: { title: 'Solve it with deep learning', text: 'Bring us the problem classic models could not crack. We will tell you honestly whether deep learning can.' },
};

export const naturalLanguageProcessing: SolutionPageContent = {
  slug: 'natural-language-processing',
  ...solutionEngagements['natural-language-processing'],
  name: 'Natural language processing',
  hero: {
    eyebrow: 'AI solutions · Natural language processing',
    title: 'Natural Language Processing that reads at enterprise scale',
    lead: 'Assistants, search and document understanding that turn contracts, tickets, emails and reports into structured, searchable, actionable data.',
  },
  capabilities: {
    eyebrow: 'What we do',
    title: 'Capabilities',
    items: [
      { id: 'document-understanding', icon: FileSearch, title: 'Document understanding', description: 'Extraction of clauses, entities and figures from contracts, invoices and forms.' },
      { id: 'sentiment-and-intent', icon: Smile, title: 'Sentiment and intent', description: 'Understanding of what customers feel and want across reviews, chats and calls.' },
      { id: 'semantic-search', icon: Search, title: 'Semantic search', description: 'Retrieval over your knowledge base that finds answers, not just keywords.' },
      { id: 'translation-and-summarisation', icon: Languages, title: 'Translation and summarisation', description: 'Accurate summaries and translations tuned to your terminology.' },
    ],
  },
  applications: {
    eyebrow: 'Where it pays off',
    title: 'Use cases',
    impact_label: 'Impact: ',
    items: [
      { id: 'customer-service-assistants', title: 'Customer service assistants', description: 'Assistants that answer routine questions from your own documentation and hand over the rest.', impact: '40% of tickets resolved automatically' },
      { id: 'contract-review', title: 'Contract review', description: 'First-pass review that highlights risky clauses and missing terms for legal teams.', impact: '60% faster contract review' },
      { id: 'voice-of-the-customer', title: 'Voice of the customer', description: 'Themes and sentiment from every review and survey, updated daily.', impact: '5× more feedback analysed' },
      { id: 'knowledge-search', title: 'Knowledge search', description: 'One search box over wikis, tickets and manuals, with cited answers.', impact: '2 hours saved per employee each week' },
    ],
  },
  industries: {
    eyebrow: 'Where we work',
    title: 'Industries we serve',
    items: [
      { id: 'healthcare', icon: HeartPulse, name: 'Healthcare', description: 'Clinical note coding and summarisation.' },
      { id: 'finance', icon: Landmark, name: 'Finance', description: 'Filings analysis and compliance monitoring.' },
      { id: 'e-commerce', icon: ShoppingCart, name: 'E-commerce', description: 'Product search and review insights.' },
      { id: 'legal', icon: Scale, name: 'Legal', description: 'Contract analytics and e-discovery.' },
      { id: 'media', icon: Newspaper, name: 'Media', description: 'Tagging, summaries and archive search.' },
      { id: 'education', icon: GraduationCap, name: 'Education', description: 'Feedback, tutoring and content tools.' },
    ],
  },
  cta: { title: 'Make your documents work for you', text: 'Show us the text your teams spend hours on. We will show you what NLP can take off their desks.' },
};

export const computerVision: SolutionPageContent = {
  slug: 'computer-vision',
  ...solutionEngagements['computer-vision'],
  name: 'Computer vision',
  hero: {
    eyebrow: 'AI solutions · Computer vision',
    title: 'Computer Vision that sees what matters',
    lead: 'Inspection, counting, tracking and recognition systems that work on the cameras you have, in real time, on premises or at the edge.',
  },
  capabilities: {
    eyebrow: 'What we do',
    title: 'Capabilities',
    items: [
      { id: 'object-detection', icon: ScanEye, title: 'Object detection', description: 'Find and locate products, parts, vehicles and people in images and video.' },
      { id: 'visual-inspection', icon: Boxes, title: 'Visual inspection', description: 'Defect detection at line speed, trained from a few hundred labelled examples.' },
      { id: 'recognition-and-ocr', icon: ScanFace, title: 'Recognition and OCR', description: 'Reading of labels, plates, meters and documents in difficult conditions.' },
      { id: 'video-analytics', icon: Globe, title: 'Video analytics', description: 'Counting, flow and safety events across camera networks, with privacy by design.' },
    ],
  },
  applications: {
    eyebrow: 'Where it pays off',
    title: 'Applications',
    impact_label: 'Impact: ',
    items: [
      { id: 'quality-control-in-manufacturing', title: 'Quality control in manufacturing', description: 'Cameras on the line flag scratches, misalignments and missing parts in milliseconds.', impact: '90% fewer defects shipped' },
      { id: 'retail-shelf-monitoring', title: 'Retail shelf monitoring', description: 'Out-of-stock and planogram checks from store cameras or handheld photos.', impact: '8% more on-shelf availability' },
      { id: 'workplace-safety', title: 'Workplace safety', description: 'Detection of missing protective equipment and unsafe zones in real time.', impact: '50% fewer safety incidents' },
      { id: 'logistics-and-yard-management', title: 'Logistics and yard management', description: 'Automatic reading of container codes and tracking of trailers across sites.', impact: '30% faster gate processing' },
    ],
  },
  cta: { title: 'Give your operations a pair of expert eyes', text: 'Send us a sample of your images or video. We will assess feasibility and accuracy in the first call.' },
};

export const predictiveAnalytics: SolutionPageContent = {
  slug: 'predictive-analytics',
  ...solutionEngagements['predictive-analytics'],
  name: 'Predictive analytics',
  hero: {
    eyebrow: 'AI solutions · Predictive analytics',
    title: 'Predictive Analytics to act before it happens',
    lead: 'Forecasts and early warnings your planners, marketers and risk managers can trust, with the drivers behind every number.',
  },
  capabilities: {
    eyebrow: 'What we do',
    title: 'Capabilities',
    items: [
      { id: 'demand-forecasting', icon: BarChart3, title: 'Demand Forecasting', description: 'Product, store and channel forecasts that account for promotions, seasons and events.' },
      { id: 'customer-analytics', icon: Users, title: 'Customer Analytics', description: 'Lifetime value, propensity and churn scores for every customer.' },
      { id: 'risk-assessment', icon: ShieldAlert, title: 'Risk Assessment', description: 'Credit, supplier and operational risk scores with clear explanations.' },
      { id: 'anomaly-detection', icon: Gauge, title: 'Anomaly Detection', description: 'Alerts on unusual transactions, sensor readings and process metrics as they happen.' },
    ],
  },
  applications: {
    eyebrow: 'Where it pays off',
    title: 'Use cases',
    impact_label: 'Impact: ',
    items: [
      { id: 'inventory-planning', title: 'Inventory planning', description: 'Replenishment driven by forecasts with confidence ranges, not last year’s sales.', impact: '25% lower inventory costs' },
      { id: 'customer-retention', title: 'Customer retention', description: 'Targeted retention offers for the customers most likely to leave.', impact: '20% higher retention' },
      { id: 'supplier-risk', title: 'Supplier risk', description: 'Early warnings on suppliers likely to miss deliveries or fail financially.', impact: '40% fewer supply disruptions' },
      { id: 'financial-forecasting', title: 'Financial forecasting', description: 'Rolling revenue and cash forecasts updated weekly from live data.', impact: '3× faster planning cycles' },
    ],
  },
  cta: { title: 'See further ahead', text: 'Tell us which decision would change if you knew next quarter today. We will show you how close a model can get.' },
};

/** The ids of a solution page's sections. */
export function solutionSections(c: SolutionPageContent) {
  return {
    hero: `${c.slug}.hero`,
    capabilities: `${c.slug}.capabilities`,
    applications: `${c.slug}.applications`,
    industries: `${c.slug}.industries`,
    stack: `${c.slug}.stack`,
    process: `${c.slug}.process`,
    caseStudy: `${c.slug}.case-study`,
    faq: `${c.slug}.faq`,
    cta: `${c.slug}.cta`,
  };
}

function solutionPage(c: SolutionPageContent): ContentPage {
  const id = solutionSections(c);
  const sections: Record<string, object> = { [id.hero]: c.hero, [id.capabilities]: c.capabilities, [id.applications]: c.applications };
  if (c.industries) sections[id.industries] = c.industries;
  if (c.stack) sections[id.stack] = c.stack;
  sections[id.process] = c.process;
  sections[id.caseStudy] = c.caseStudy;
  sections[id.faq] = c.faq;
  sections[id.cta] = c.cta;
  return { paths: [`/${c.slug}`], name: c.name, sections };
}

export const machineLearningContent = solutionPage(machineLearning);
export const deepLearningContent = solutionPage(deepLearning);
export const naturalLanguageProcessingContent = solutionPage(naturalLanguageProcessing);
export const computerVisionContent = solutionPage(computerVision);
export const predictiveAnalyticsContent = solutionPage(predictiveAnalytics);

/** The copy of the five solution pages. */
export const solutionContents: SolutionPageContent[] = [machineLearning, deepLearning, naturalLanguageProcessing, computerVision, predictiveAnalytics];

/** The five solution pages. */
export const solutionPages: ContentPage[] = [
  machineLearningContent,
  deepLearningContent,
  naturalLanguageProcessingContent,
  computerVisionContent,
  predictiveAnalyticsContent,
];
