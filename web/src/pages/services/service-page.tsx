import { CheckCircle2 } from 'lucide-react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import type { ServicePageContent } from '@/content/services';

/** The layout every service page shares: hero, four service cards, highlights, call to action. */
export function ServicePage({ content: c }: { content: ServicePageContent }) {
  return (
    <>
      <PageHero {...c.hero} />
      <Section aria-labelledby="services-title">
        <SectionHeading id="services-title" eyebrow="Our services" title={c.cardsTitle} description={c.cardsLead} />
        <FeatureGrid items={c.cards} />
        <ul className="mt-14 grid gap-4 rounded-2xl bg-slate-50 p-6 sm:grid-cols-3 sm:p-8">
          {c.highlights.map((h) => (
            <li key={h} className="flex gap-3 font-medium text-slate-800">
              <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-brand" />
              {h}
            </li>
          ))}
        </ul>
      </Section>
      <CtaBanner {...c.cta} />
    </>
  );
}
