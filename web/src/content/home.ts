// Built-in copy of the home page. Texts with an editable key (SPEC section 3)
// are the fallback when the database holds no value for that key.

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
