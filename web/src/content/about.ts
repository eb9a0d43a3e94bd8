// Copy of the About us page.
import { Award, HeartHandshake, Lightbulb, ShieldCheck } from 'lucide-react';

export const about = {
  hero: {
    eyebrow: 'About us',
    title: 'We help enterprises make AI work',
    lead: 'Founded by engineers and consultants who had seen too many AI pilots fail to reach production, we build AI that lasts, and teams that can run it.',
  },
  missionTitle: 'Our mission',
  mission: [
    'Our mission is to make artificial intelligence a dependable part of how enterprises operate: measurable, governed and owned by the people who use it.',
    'We combine strategy consultants, data scientists and engineers in one team, so that the advice we give is the advice we can deliver. Every engagement starts with the business case and ends with a system in production and a client team able to run it.',
  ],
  image: { src: '/images/about-team.svg', alt: 'Consultants and engineers reviewing a model dashboard together', width: 960, height: 640 },
  valuesTitle: 'Our core values',
  values: [
    { icon: Award, title: 'Excellence', description: 'We hold our work to production standards from the first prototype.' },
    { icon: ShieldCheck, title: 'Integrity', description: 'We say when AI is not the answer, and we stand behind our estimates.' },
    { icon: Lightbulb, title: 'Innovation', description: 'We bring proven new methods to clients as soon as they are safe to use.' },
    { icon: HeartHandshake, title: 'Partnership', description: 'We succeed when your team can run what we built together without us.' },
  ],
  statsTitle: 'Meridian AI in numbers',
  stats: [
    { number: '500+', label: 'Projects delivered' },
    { number: '200+', label: 'Enterprise clients' },
    { number: '50+', label: 'AI experts' },
    { number: '99%', label: 'Client satisfaction' },
  ],
  leadersTitle: 'Leadership',
  leaders: [
    { name: 'Dr. Amelia Hart', role: 'Chief Executive Officer', initials: 'AH', expertise: 'AI strategy, enterprise transformation', background: 'Former head of AI at a global bank; PhD in machine learning from Carnegie Mellon.' },
    { name: 'Rahul Mehta', role: 'Chief Technology Officer', initials: 'RM', expertise: 'ML platforms, MLOps, distributed systems', background: 'Built recommendation and forecasting platforms serving 100 million users.' },
    { name: 'Dr. Lena Fischer', role: 'Head of Research', initials: 'LF', expertise: 'Deep learning, computer vision', background: 'Published over 40 papers on vision models; previously led a medical imaging lab.' },
    { name: 'James Okafor', role: 'VP of Client Services', initials: 'JO', expertise: 'Delivery management, change management', background: 'Twenty years leading technology programmes for Fortune 500 clients.' },
  ],
  cta: { title: 'Work with a team that delivers', text: 'Meet the people who would work on your project in a free 30-minute consultation.' },
};
