// Copy of the five solution pages.
import {
  AudioWaveform,
  BarChart3,
  Boxes,
  Camera,
  FileSearch,
  Gauge,
  Globe,
  Languages,
  Layers,
  MessageSquareText,
  Network,
  ScanEye,
  ScanFace,
  Search,
  ShieldAlert,
  Smile,
  Target,
  TrendingUp,
  Users,
} from 'lucide-react';
import type { Application, Feature, HeroContent } from '@/content/types';

export type Named = { name: string; description: string };

export type SolutionPageContent = {
  hero: HeroContent;
  capabilitiesTitle: string;
  capabilities: Feature[];
  applicationsTitle: string;
  applications: Application[];
  industries?: { title: string; items: Named[] };
  stack?: { title: string; lead: string; frameworks: Named[]; platform: Named };
  cta: { title: string; text: string };
};

export const machineLearning: SolutionPageContent = {
  hero: {
    eyebrow: 'AI solutions · Machine learning',
    title: 'Machine Learning that moves your numbers',
    lead: 'Forecasting, scoring and optimisation models built on your data, deployed into the systems your teams already use, and monitored so they stay accurate.',
  },
  capabilitiesTitle: 'Capabilities',
  capabilities: [
    { icon: TrendingUp, title: 'Predictive modelling', description: 'Gradient-boosted and neural models that forecast demand, churn, price and risk with measured confidence.' },
    { icon: Users, title: 'Segmentation and recommendation', description: 'Customer clusters and next-best-action models that personalise offers at scale.' },
    { icon: Target, title: 'Optimisation', description: 'Pricing, scheduling and routing engines that balance cost, service level and capacity.' },
    { icon: Layers, title: 'MLOps', description: 'Feature stores, automated retraining, drift alerts and audit trails for every model in production.' },
  ],
  applicationsTitle: 'Real-world applications',
  applications: [
    { title: 'Demand forecasting in retail', description: 'Store-by-SKU forecasts that combine sales history, promotions, weather and local events.', impact: '30% less excess stock' },
    { title: 'Credit risk scoring', description: 'Explainable scorecards that meet model-risk rules and approve good customers faster.', impact: '18% lower default rate' },
    { title: 'Churn prevention', description: 'Early warnings for at-risk subscribers with the reasons and the offer most likely to keep them.', impact: '22% lower churn' },
    { title: 'Dynamic pricing', description: 'Prices that respond to demand, competition and stock levels within limits you control.', impact: '4–7% margin uplift' },
  ],
  cta: { title: 'Put machine learning to work', text: 'Tell us the decision you want to improve. We will show you the model, the data it needs and the return to expect.' },
};

export const deepLearning: SolutionPageContent = {
  hero: {
    eyebrow: 'AI solutions · Deep learning',
    title: 'Deep Learning for your hardest problems',
    lead: 'Neural networks for images, language, audio and sensor streams, trained on GPU clusters and tuned to run reliably in production, in the cloud or at the edge.',
  },
  capabilitiesTitle: 'Capabilities',
  capabilities: [
    { icon: Network, title: 'Neural Networks', description: 'Custom architectures, transfer learning and fine-tuning of foundation models on your own data.' },
    { icon: Camera, title: 'Computer Vision', description: 'Detection, segmentation and classification models for images and video.' },
    { icon: MessageSquareText, title: 'Natural Language Processing', description: 'Transformer models that classify, summarise, extract and generate text.' },
    { icon: AudioWaveform, title: 'Signal Processing', description: 'Models for audio, vibration and time-series sensor data, from speech to machine health.' },
  ],
  applicationsTitle: 'Industry applications',
  applications: [
    { title: 'Medical Image Analysis', description: 'Assistive models that flag findings in X-ray, CT and pathology images for radiologist review.', impact: '35% faster reading times' },
    { title: 'Autonomous Systems', description: 'Perception and control models for robots, drones and guided vehicles in warehouses and plants.', impact: '3× throughput per operator' },
    { title: 'Content Generation', description: 'Brand-safe generation of product copy, imagery and variants, with review workflows built in.', impact: '70% less time to publish' },
    { title: 'Predictive Maintenance', description: 'Vibration and acoustic models that detect wear long before a failure stops the line.', impact: '45% less unplanned downtime' },
  ],
  stack: {
    title: 'Technology stack',
    lead: 'We choose frameworks for the problem and your team, not out of habit, and train on dedicated GPU infrastructure.',
    frameworks: [
      { name: 'PyTorch', description: 'Research-grade flexibility with a mature path to production.' },
      { name: 'TensorFlow', description: 'Proven serving and mobile deployment at large scale.' },
      { name: 'JAX', description: 'Fast, composable training for large models on accelerators.' },
      { name: 'Keras', description: 'Clear, high-level model building that teams can maintain.' },
    ],
    platform: { name: 'NVIDIA CUDA', description: 'The GPU computing platform under our training and inference, from multi-GPU clusters to edge devices.' },
  },
  cta: { title: 'Solve it with deep learning', text: 'Bring us the problem classic models could not crack. We will tell you honestly whether deep learning can.' },
};

export const naturalLanguageProcessing: SolutionPageContent = {
  hero: {
    eyebrow: 'AI solutions · Natural language processing',
    title: 'Natural Language Processing that reads at enterprise scale',
    lead: 'Assistants, search and document understanding that turn contracts, tickets, emails and reports into structured, searchable, actionable data.',
  },
  capabilitiesTitle: 'Capabilities',
  capabilities: [
    { icon: FileSearch, title: 'Document understanding', description: 'Extraction of clauses, entities and figures from contracts, invoices and forms.' },
    { icon: Smile, title: 'Sentiment and intent', description: 'Understanding of what customers feel and want across reviews, chats and calls.' },
    { icon: Search, title: 'Semantic search', description: 'Retrieval over your knowledge base that finds answers, not just keywords.' },
    { icon: Languages, title: 'Translation and summarisation', description: 'Accurate summaries and translations tuned to your terminology.' },
  ],
  applicationsTitle: 'Use cases',
  applications: [
    { title: 'Customer service assistants', description: 'Assistants that answer routine questions from your own documentation and hand over the rest.', impact: '40% of tickets resolved automatically' },
    { title: 'Contract review', description: 'First-pass review that highlights risky clauses and missing terms for legal teams.', impact: '60% faster contract review' },
    { title: 'Voice of the customer', description: 'Themes and sentiment from every review and survey, updated daily.', impact: '5× more feedback analysed' },
    { title: 'Knowledge search', description: 'One search box over wikis, tickets and manuals, with cited answers.', impact: '2 hours saved per employee each week' },
  ],
  industries: {
    title: 'Industries we serve',
    items: [
      { name: 'Healthcare', description: 'Clinical note coding and summarisation.' },
      { name: 'Finance', description: 'Filings analysis and compliance monitoring.' },
      { name: 'E-commerce', description: 'Product search and review insights.' },
      { name: 'Legal', description: 'Contract analytics and e-discovery.' },
      { name: 'Media', description: 'Tagging, summaries and archive search.' },
      { name: 'Education', description: 'Feedback, tutoring and content tools.' },
    ],
  },
  cta: { title: 'Make your documents work for you', text: 'Show us the text your teams spend hours on. We will show you what NLP can take off their desks.' },
};

export const computerVision: SolutionPageContent = {
  hero: {
    eyebrow: 'AI solutions · Computer vision',
    title: 'Computer Vision that sees what matters',
    lead: 'Inspection, counting, tracking and recognition systems that work on the cameras you have, in real time, on premises or at the edge.',
  },
  capabilitiesTitle: 'Capabilities',
  capabilities: [
    { icon: ScanEye, title: 'Object detection', description: 'Find and locate products, parts, vehicles and people in images and video.' },
    { icon: Boxes, title: 'Visual inspection', description: 'Defect detection at line speed, trained from a few hundred labelled examples.' },
    { icon: ScanFace, title: 'Recognition and OCR', description: 'Reading of labels, plates, meters and documents in difficult conditions.' },
    { icon: Globe, title: 'Video analytics', description: 'Counting, flow and safety events across camera networks, with privacy by design.' },
  ],
  applicationsTitle: 'Applications',
  applications: [
    { title: 'Quality control in manufacturing', description: 'Cameras on the line flag scratches, misalignments and missing parts in milliseconds.', impact: '90% fewer defects shipped' },
    { title: 'Retail shelf monitoring', description: 'Out-of-stock and planogram checks from store cameras or handheld photos.', impact: '8% more on-shelf availability' },
    { title: 'Workplace safety', description: 'Detection of missing protective equipment and unsafe zones in real time.', impact: '50% fewer safety incidents' },
    { title: 'Logistics and yard management', description: 'Automatic reading of container codes and tracking of trailers across sites.', impact: '30% faster gate processing' },
  ],
  cta: { title: 'Give your operations a pair of expert eyes', text: 'Send us a sample of your images or video. We will assess feasibility and accuracy in the first call.' },
};

export const predictiveAnalytics: SolutionPageContent = {
  hero: {
    eyebrow: 'AI solutions · Predictive analytics',
    title: 'Predictive Analytics to act before it happens',
    lead: 'Forecasts and early warnings your planners, marketers and risk managers can trust, with the drivers behind every number.',
  },
  capabilitiesTitle: 'Capabilities',
  capabilities: [
    { icon: BarChart3, title: 'Demand Forecasting', description: 'Product, store and channel forecasts that account for promotions, seasons and events.' },
    { icon: Users, title: 'Customer Analytics', description: 'Lifetime value, propensity and churn scores for every customer.' },
    { icon: ShieldAlert, title: 'Risk Assessment', description: 'Credit, supplier and operational risk scores with clear explanations.' },
    { icon: Gauge, title: 'Anomaly Detection', description: 'Alerts on unusual transactions, sensor readings and process metrics as they happen.' },
  ],
  applicationsTitle: 'Use cases',
  applications: [
    { title: 'Inventory planning', description: 'Replenishment driven by forecasts with confidence ranges, not last year’s sales.', impact: '25% lower inventory costs' },
    { title: 'Customer retention', description: 'Targeted retention offers for the customers most likely to leave.', impact: '20% higher retention' },
    { title: 'Supplier risk', description: 'Early warnings on suppliers likely to miss deliveries or fail financially.', impact: '40% fewer supply disruptions' },
    { title: 'Financial forecasting', description: 'Rolling revenue and cash forecasts updated weekly from live data.', impact: '3× faster planning cycles' },
  ],
  cta: { title: 'See further ahead', text: 'Tell us which decision would change if you knew next quarter today. We will show you how close a model can get.' },
};
