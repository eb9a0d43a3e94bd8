// Built-in copy of the home page. Texts with an editable key (SPEC section 3)
// are the fallback when the database holds no value for that key.
import {
  Brain,
  Eye,
  FileSignature,
  Handshake,
  Lightbulb,
  MessageSquareText,
  Network,
  ShieldCheck,
  TrendingUp,
  UserCheck,
  Users,
  Workflow,
  Zap,
} from 'lucide-react';

export const hero = {
  eyebrow: 'Enterprise AI, delivered',
  mainTitle: 'Transform Your Business with Enterprise AI',
  subtitle:
    'We design, build and run machine learning, language and vision systems that cut costs and open new revenue, and we staff the AI teams that keep them improving.',
  primaryCta: { label: 'Start Your AI Journey', href: '/ai-journey' },
  secondaryCta: { label: 'Explore Solutions', href: '#solutions' },
  stats: [
    { number: '500+', label: 'AI projects delivered' },
    { number: '95%', label: 'Client satisfaction' },
    { number: '40%', label: 'Average efficiency gain' },
  ],
};

export const vision = {
  eyebrow: 'Our vision',
  title: 'AI that earns its place on the balance sheet',
  description:
    'Most AI programmes stall between the pilot and production. We start from the business case, build for the systems you already run, and stay until the results show up in your numbers.',
  cards: [
    {
      icon: Lightbulb,
      title: 'Strategic Innovation',
      description:
        'We rank use cases by value and feasibility, so your first models go where they pay back fastest and fund the next ones.',
    },
    {
      icon: ShieldCheck,
      title: 'Future-Proof Solutions',
      description:
        'Modular architectures, monitored models and clean data contracts that keep working as regulations, vendors and volumes change.',
    },
    {
      icon: Handshake,
      title: 'Client-Centric Approach',
      description:
        'Your teams work beside ours from day one, and we hand over the code, the documentation and the skills to run it.',
    },
  ],
};

export const solutions = {
  eyebrow: 'AI solutions',
  mainTitle: 'Solutions built for the enterprise',
  mainDescription:
    'From a single forecasting model to an AI platform across business units: we bring the specialists, the methods and the delivery discipline.',
  ai: [
    { icon: Brain, title: 'Machine Learning', href: '/machine-learning', description: 'Forecasting, scoring and optimisation models trained on your data and deployed into your workflows.' },
    { icon: Network, title: 'Deep Learning', href: '/deep-learning', description: 'Neural networks for images, audio, text and sensor streams where classic models reach their limits.' },
    { icon: MessageSquareText, title: 'Natural Language Processing', href: '/natural-language-processing', description: 'Assistants, search and document understanding that read contracts, tickets and reports at scale.' },
    { icon: Eye, title: 'Computer Vision', href: '/computer-vision', description: 'Inspection, counting and tracking systems that see defects and risks faster than manual review.' },
  ],
  staffingTitle: 'AI staffing that scales with you',
  staffingDescription:
    'Vetted data scientists, ML engineers and AI product leads, placed in the model that suits your plans and budget.',
  staffing: [
    { icon: Users, title: 'Human Capital Management', description: 'Workforce planning and skills mapping for your AI organisation.' },
    { icon: Zap, title: 'Temporary Staffing', description: 'Senior specialists within two weeks to cover peaks and gaps.' },
    { icon: FileSignature, title: 'Statement of Work', description: 'Fixed-scope, outcome-based delivery teams with clear milestones.' },
    { icon: UserCheck, title: 'Permanent Placement', description: 'Hiring of AI leaders and engineers who stay and grow with you.' },
  ],
  capabilitiesTitle: 'Advanced AI capabilities',
  capabilitiesDescription:
    'Two capabilities our clients ask for most, each proven in production across industries.',
  capabilities: [
    { icon: TrendingUp, title: 'Predictive Analytics', href: '/predictive-analytics', description: 'Demand, churn and risk forecasts that let planners act weeks earlier, with confidence ranges they can trust.' },
    { icon: Workflow, title: 'AI-Powered Automation', href: '/implementation', description: 'Intelligent workflows that classify, extract and route work, keeping people on the decisions that need them.' },
  ],
};

export const benefits = {
  eyebrow: 'Business benefits',
  title: 'Measurable results, not experiments',
  description:
    'We agree the metrics before we write the first line of code, and we report against them every month.',
  stats: [
    { number: '40%', label: 'Average efficiency increase' },
    { number: '300%', label: 'ROI' },
    { number: '24/7', label: 'Availability of AI systems' },
    { number: '30 min', label: 'Free first consultation' },
  ],
  points: [
    { title: 'Lower operating costs', description: 'Automated routine work and fewer errors across finance, operations and service.' },
    { title: 'Faster, better decisions', description: 'Forecasts and recommendations delivered where your teams already work.' },
    { title: 'New revenue', description: 'Personalisation and pricing models that lift conversion and basket size.' },
  ],
};

export const testimonials = {
  eyebrow: 'Client testimonials',
  title: 'Trusted by enterprise leaders',
  description: 'What executives say after working with our teams.',
  samples: [
    {
      id: -1,
      name: 'Sarah Chen',
      title: 'Chief Operating Officer, Northwind Logistics',
      content:
        'Within six months their forecasting models cut our inventory costs by a fifth. More importantly, our planners trust the numbers and use them every day.',
      initials: 'SC',
      avatarBg: 'bg-blue-600',
      order: 1,
    },
    {
      id: -2,
      name: 'Marcus Johnson',
      title: 'CTO, Fieldstone Financial',
      content:
        'They built a fraud detection system that our risk team actually understands. False positives fell sharply and we caught fraud we had been missing for years.',
      initials: 'MJ',
      avatarBg: 'bg-green-600',
      order: 2,
    },
    {
      id: -3,
      name: 'Elena Rodriguez',
      title: 'VP of Digital Transformation, Helix Health',
      content:
        'The staffing model gave us senior ML engineers in two weeks, and the knowledge transfer meant we could run everything ourselves afterwards.',
      initials: 'ER',
      avatarBg: 'bg-purple-600',
      order: 3,
    },
  ],
};

// Avatar colours an admin may pick (SPEC section 5), with text that stays
// readable on each.
export const avatarStyles: Record<string, string> = {
  'bg-blue-600': 'bg-blue-600 text-white',
  'bg-green-600': 'bg-green-700 text-white',
  'bg-purple-600': 'bg-purple-600 text-white',
  'bg-red-600': 'bg-red-600 text-white',
  'bg-yellow-600': 'bg-yellow-500 text-ink',
  'bg-gray-600': 'bg-gray-600 text-white',
};

export const caseStudies = {
  eyebrow: 'Case studies',
  title: 'Proof in production',
  description: 'Two recent engagements, with the numbers our clients report.',
  items: [
    {
      industry: 'Manufacturing',
      title: 'Predictive maintenance for a global parts maker',
      summary:
        'Sensor data from 1,200 machines feeds models that predict failures up to 10 days ahead, so repairs happen in planned downtime.',
      results: ['45% less unplanned downtime', '$3.2M saved in the first year', '25% longer equipment life'],
    },
    {
      industry: 'Financial Services',
      title: 'Real-time fraud detection for a retail bank',
      summary:
        'A streaming model scores every card transaction in under 50 ms and explains each alert to the investigators who review it.',
      results: ['60% fewer false positives', '92% of fraud caught before settlement', '$12M in annual losses avoided'],
    },
  ],
};

export const contact = {
  eyebrow: 'Contact',
  title: 'Start Your AI Journey',
  description:
    'Tell us where you want AI to make a difference. A senior consultant replies within 24 hours to arrange a free 30-minute consultation.',
  points: ['Response within 24 hours', 'Free 30-minute consultation', 'Proposal within 24 hours of our call'],
};
