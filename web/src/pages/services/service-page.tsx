import { CheckCircle2 } from 'lucide-react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FaqList } from '@/components/marketing/faq-list';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { serviceSections, type ServicePageContent } from '@/content/services';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { DeliverablesSection, ProcessSection, RelatedStudy } from '@/pages/services/engagement-sections';
import { serviceArt } from '@/pages/services/service-art';

type Tone = 'white' | 'muted' | 'dark';
type Block = 'process' | 'deliverables' | 'caseStudy' | 'faq';

/**
 * The order and grounds of the blocks between the service cards (always
 * first, on white) and the call to action, per page: so that no two service
 * pages read alike, and no two bands in a row share a ground.
 */
const layouts: Record<string, { blocks: [Block, Tone][]; flip?: boolean }> = {
  'ai-consulting': { blocks: [['process', 'muted'], ['caseStudy', 'white'], ['deliverables', 'muted'], ['faq', 'white']] },
  'strategy-development': { blocks: [['deliverables', 'muted'], ['process', 'dark'], ['caseStudy', 'white'], ['faq', 'muted']], flip: true },
  implementation: { blocks: [['process', 'dark'], ['deliverables', 'white'], ['caseStudy', 'muted'], ['faq', 'white']] },
  'ongoing-support': { blocks: [['caseStudy', 'muted'], ['process', 'white'], ['deliverables', 'muted'], ['faq', 'white']], flip: true },
  'training-education': { blocks: [['deliverables', 'muted'], ['process', 'white'], ['caseStudy', 'muted'], ['faq', 'white']] },
};

const defaultLayout = layouts['ai-consulting'];

/**
 * A service page: hero with the page's drawing, the service cards with
 * highlights, then how we work, what you get, a case study and the questions
 * buyers ask, in the page's own order, and the call to action. Each block is
 * the section `<slug>.<name>` of its copy.
 */
export function ServicePage({ content: c }: { content: ServicePageContent }) {
  const id = serviceSections(c);
  const s = c.services;
  const Art = serviceArt[c.slug];
  const layout = layouts[c.slug] ?? defaultLayout;
  const block = (name: Block, tone: Tone) => {
    switch (name) {
      case 'process':
        return <ContentSection key={name} id={id.process}><ProcessSection content={c.process} tone={tone} /></ContentSection>;
      case 'deliverables':
        return <ContentSection key={name} id={id.deliverables}><DeliverablesSection content={c.deliverables} tone={tone} flip={layout.flip} /></ContentSection>;
      case 'caseStudy':
        return <ContentSection key={name} id={id.caseStudy}><RelatedStudy content={c.caseStudy} tone={tone} /></ContentSection>;
      case 'faq':
        return (
          <ContentSection key={name} id={id.faq}>
            <Section tone={tone} aria-labelledby="faq-title">
              <SectionHeading id="faq-title" eyebrow={c.faq.eyebrow} title={c.faq.title} />
              <FaqList items={c.faq.items} />
            </Section>
          </ContentSection>
        );
    }
  };
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
      {layout.blocks.map(([name, tone]) => block(name, tone))}
      <ContentSection id={id.cta}>
        <CtaBanner {...c.cta} />
      </ContentSection>
    </>
  );
}
