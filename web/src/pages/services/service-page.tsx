import { CheckList } from '@/components/marketing/check-list';
import { ContentBand } from '@/components/marketing/content-band';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { DeliverablesSection, FaqSection, ProcessSection, RelatedStudy } from '@/components/marketing/engagement-sections';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import type { SectionTone } from '@/components/marketing/section';
import { serviceSections, type ServicePageContent } from '@/content/services';
import { ContentSection } from '@/features/editable-text/content-scope';
import { serviceArt } from '@/pages/services/service-art';

type Block = 'process' | 'deliverables' | 'caseStudy' | 'faq';

/**
 * The order and grounds of the blocks between the service cards (always
 * first, on white) and the call to action, per page: so that no two service
 * pages read alike, and no two bands in a row share a ground.
 */
const layouts: Record<string, { blocks: [Block, SectionTone][]; flip?: boolean }> = {
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
  const block = (name: Block, tone: SectionTone) => {
    switch (name) {
      case 'process':
        return <ProcessSection key={name} section={id.process} content={c.process} tone={tone} />;
      case 'deliverables':
        return <ContentSection key={name} id={id.deliverables}><DeliverablesSection content={c.deliverables} tone={tone} flip={layout.flip} /></ContentSection>;
      case 'caseStudy':
        return <RelatedStudy key={name} section={id.caseStudy} content={c.caseStudy} tone={tone} />;
      case 'faq':
        return <FaqSection key={name} section={id.faq} content={c.faq} tone={tone} />;
    }
  };
  return (
    <>
      <PageHero section={id.hero} {...c.hero} art={Art && <Art />} />
      <ContentBand section={id.services} titleId="services-title" eyebrow={s.eyebrow} title={s.title} description={s.description}>
        <FeatureGrid items={s.items} />
        <CheckList
          group="highlights"
          items={s.highlights}
          className="mt-14 grid gap-4 rounded-2xl bg-slate-50 p-6 sm:grid-cols-3 sm:p-8"
          itemClassName="flex gap-3 font-medium text-slate-800"
          iconClassName="size-6 shrink-0 text-brand"
        />
      </ContentBand>
      {layout.blocks.map(([name, tone]) => block(name, tone))}
      <CtaBanner section={id.cta} {...c.cta} />
    </>
  );
}
