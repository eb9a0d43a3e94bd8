import { CheckCircle2 } from 'lucide-react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FaqList } from '@/components/marketing/faq-list';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { serviceSections, type ServicePageContent } from '@/content/services';
import { serviceArt } from '@/pages/services/service-art';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';

/**
 * The layout every service page shares: hero, four service cards, highlights,
 * the questions buyers ask, call to action. Each block is the section `<slug>.<name>` of its copy.
 */
export function ServicePage({ content: c }: { content: ServicePageContent }) {
  const id = serviceSections(c);
  const s = c.services;
  const Art = serviceArt[c.slug];
  return (
    <>
      <ContentSection id={id.hero}>
        <PageHero {...c.hero} art={Art && <Art />} />
      </ContentSection>
      <ContentSection id={id.services}>
        <Section aria-labelledby="services-title">
          <SectionHeading id="services-title" eyebrow={s.eyebrow} title={s.title} description={s.description} />
          <FeatureGrid items={s.items} />
          <ul className="mt-14 grid gap-4 rounded-2xl bg-slate-50 p-6 sm:grid-cols-3 sm:p-8">
            {s.highlights.map((h, i) => (
              <li key={h} className="flex gap-3 font-medium text-slate-800">
                <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-brand" />
                <EditableText contentKey={`highlights.${i}`} fallback={h} />
              </li>
            ))}
          </ul>
        </Section>
      </ContentSection>
      <ContentSection id={id.faq}>
        <Section tone="muted" aria-labelledby="faq-title">
          <SectionHeading id="faq-title" eyebrow={c.faq.eyebrow} title={c.faq.title} />
          <FaqList items={c.faq.items} />
        </Section>
      </ContentSection>
      <ContentSection id={id.cta}>
        <CtaBanner {...c.cta} />
      </ContentSection>
    </>
  );
}
