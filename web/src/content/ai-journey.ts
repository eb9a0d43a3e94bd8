// Copy of the free-consultation page (/ai-journey).
import { Clock, FileText, Gauge, LineChart, ScanSearch, ShieldCheck, Sparkles, Users } from 'lucide-react';

export const journey = {
  hero: {
    eyebrow: 'Free AI consultation',
    title: 'Start Your AI Journey',
    lead: 'Book a free 30-minute consultation with a senior AI strategist. You leave with a clear view of where AI pays off in your business, and a written proposal within 24 hours.',
  },
  benefitsTitle: 'What you get from the consultation',
  benefits: [
    { icon: Sparkles, title: 'Expert assessment', description: 'A senior consultant reviews your processes and data, and names the three use cases with the fastest payback.' },
    { icon: LineChart, title: 'ROI estimate', description: 'A business case with cost, benefit and payback period, built on your numbers rather than industry averages.' },
    { icon: Clock, title: 'Proposal in 24 hours', description: 'A written scope, team and timeline in your inbox within 24 hours of the call.' },
    { icon: ShieldCheck, title: 'No obligation', description: 'The consultation is free. Keep the assessment whether or not you work with us.' },
  ],
  solutionsTitle: 'Solutions with a proven impact',
  solutions: [
    { icon: Gauge, title: 'Predictive Analytics', description: 'Forecast demand, churn and risk weeks ahead with models that explain their reasoning.', impact: 'Up to 35% better forecast accuracy' },
    { icon: Users, title: 'Customer Intelligence', description: 'Segment, score and personalise every interaction across your channels.', impact: 'Up to 25% higher customer lifetime value' },
    { icon: FileText, title: 'Document Processing', description: 'Read, classify and extract data from invoices, contracts and claims automatically.', impact: 'Up to 80% less manual data entry' },
    { icon: ScanSearch, title: 'Process Automation', description: 'Route and resolve routine work with AI, with people in the loop for exceptions.', impact: 'Up to 50% faster cycle times' },
  ],
  processTitle: 'How it works',
  process: [
    { title: 'Discovery Call', description: 'A 30-minute call about your goals, your data and the constraints you work under.' },
    { title: 'Strategy Session', description: 'We map use cases against value and feasibility and agree the measures of success.' },
    { title: 'Proposal & Timeline', description: 'Within 24 hours you receive a fixed scope, the team, the milestones and the price.' },
    { title: 'Implementation', description: 'Our engineers build, deploy and hand over, with progress reports against the agreed metrics.' },
  ],
  formTitle: 'Request your free consultation',
  formDescription: 'Tell us a little about your business. We reply within 24 hours; our team is available 24/7 for clients in production.',
  thankYou: {
    title: 'Thank You!',
    text: 'We have received your request. A senior AI strategist will contact you within 24 hours to arrange your free consultation.',
    again: 'Submit Another Request',
  },
};
