import { ContentBand } from '@/components/marketing/content-band';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FaqSection, ProcessSection, RelatedStudy } from '@/components/marketing/engagement-sections';
import { NumberedList, SplitLayout } from '@/components/marketing/editorial';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { ImpactGrid } from '@/components/marketing/impact-grid';
import { PageHero, type HeroLayout } from '@/components/marketing/page-hero';
import { Section, SectionHeading, type SectionTone } from '@/components/marketing/section';
import { TechTile } from '@/components/marketing/tech-marks';
import { IconBadge } from '@/components/ui/card';
import { solutionSections, type Industry, type NamedItem, type SolutionPageContent } from '@/content/solutions';
import { ContentList, ContentSection, useStoredText } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { solutionArt } from '@/pages/solutions/solution-art';


/** The industries served: a repeating group `items` of the enclosing section. */
function IndustryList({ items }: { items: Industry[] }) {
  return (
    <ContentList group="items" items={items} template={items[0] && { icon: items[0].icon }} className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" itemClassName="rounded-2xl border border-slate-200 p-6">
      {(i) => (
        <>
          <IconBadge icon={i.icon} size="sm" />
          <EditableText as="h3" contentKey="name" fallback={i.name} className="mt-4 font-semibold text-ink" />
          <EditableText as="p" contentKey="description" fallback={i.description} multiline className="mt-2 text-slate-600" />
        </>
      )}
    </ContentList>
  );
}

/** A framework's mark, for the name it shows (an added framework gets the initials of its own). */
function FrameworkMark({ item }: { item: NamedItem }) {
  return <TechTile id={item.id} name={useStoredText('name', item.name)} />;
}

/** The frameworks of the stack: a repeating group `frameworks` of the enclosing section. */
function FrameworkList({ items }: { items: NamedItem[] }) {
  return (
    <ContentList group="frameworks" items={items} className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" itemClassName="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
      {(f) => (
        <>
          <FrameworkMark item={f} />
          <EditableText as="h3" contentKey="name" fallback={f.name} className="mt-5 text-lg font-semibold text-white" />
          <EditableText as="p" contentKey="description" fallback={f.description} multiline className="mt-2 text-sm leading-6 text-slate-300" />
        </>
      )}
    </ContentList>
  );
}

/** The technology stack: its frameworks and the GPU platform under them, on a dark band. */
function StackBand({ section, stack, tone }: { section: string; stack: NonNullable<SolutionPageContent['stack']>; tone: SectionTone }) {
  return (
    <ContentBand section={section} titleId="stack-title" tone={tone} eyebrow={stack.eyebrow} title={stack.title} description={stack.description}>
      <FrameworkList items={stack.frameworks} />
      <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-white/10 p-6 ring-1 ring-white/15 sm:flex-row sm:items-center">
        <TechTile id="nvidia-cuda" name={stack.platform.name} />
        <div>
          <EditableText as="h3" contentKey="platform.name" fallback={stack.platform.name} className="text-lg font-semibold text-white" />
          <EditableText as="p" contentKey="platform.description" fallback={stack.platform.description} multiline className="mt-1 text-sm leading-6 text-slate-300" />
        </div>
      </div>
    </ContentBand>
  );
}

type Block = 'capabilities' | 'applications' | 'industries' | 'stack' | 'process' | 'caseStudy' | 'faq';

/**
 * Per page, where the hero's drawing stands, whether the capabilities are
 * cards or a numbered list beside their heading, and the order and grounds
 * of the blocks between the hero and the call to action: so that no two
 * solution pages open alike or read alike, no two grids of cards follow one
 * another, and no two bands in a row share a ground. A block the page's copy
 * does not have (industries, stack) is left out.
 */
const layouts: Record<string, { hero: HeroLayout; capabilities?: 'grid' | 'list'; blocks: [Block, SectionTone][] }> = {
  'machine-learning': { hero: 'split', blocks: [['capabilities', 'white'], ['process', 'muted'], ['applications', 'white'], ['caseStudy', 'muted'], ['faq', 'white']] },
  'deep-learning': {
    hero: 'flip',
    capabilities: 'list',
    blocks: [['applications', 'white'], ['capabilities', 'muted'], ['stack', 'dark'], ['process', 'white'], ['caseStudy', 'muted'], ['faq', 'white']],
  },
  'natural-language-processing': {
    hero: 'wide',
    capabilities: 'list',
    blocks: [['applications', 'muted'], ['capabilities', 'white'], ['industries', 'muted'], ['process', 'dark'], ['caseStudy', 'white'], ['faq', 'muted']],
  },
  'computer-vision': { hero: 'split', blocks: [['caseStudy', 'muted'], ['capabilities', 'white'], ['process', 'muted'], ['applications', 'white'], ['faq', 'muted']] },
  'predictive-analytics': {
    hero: 'wide',
    capabilities: 'list',
    blocks: [['process', 'muted'], ['capabilities', 'white'], ['applications', 'muted'], ['caseStudy', 'white'], ['faq', 'muted']],
  },
};

const defaultLayout = layouts['machine-learning'];

/**
 * A solution page: the hero with the page's drawing, what the solution does,
 * where it pays off, the industries and the stack where the page has them,
 * how a project runs, a case study and the questions buyers ask, in the
 * page's own order, then the call to action. Each block is the section
 * `<slug>.<name>` of its copy.
 */
export function SolutionPage({ content: c }: { content: SolutionPageContent }) {
  const id = solutionSections(c);
  const { capabilities, applications, industries, stack } = c;
  const Art = solutionArt[c.slug];
  const layout = layouts[c.slug] ?? defaultLayout;
  const block = (name: Block, tone: SectionTone) => {
    switch (name) {
      case 'capabilities':
        return layout.capabilities === 'list' ? (
          <ContentSection key={name} id={id.capabilities}>
            <Section tone={tone} aria-labelledby="capabilities-title">
              <SplitLayout aside={<SectionHeading id="capabilities-title" eyebrow={capabilities.eyebrow} title={capabilities.title} align="left" dark={tone === 'dark'} />}>
                <NumberedList items={capabilities.items} />
              </SplitLayout>
            </Section>
          </ContentSection>
        ) : (
          <ContentBand key={name} section={id.capabilities} titleId="capabilities-title" tone={tone} eyebrow={capabilities.eyebrow} title={capabilities.title}>
            <FeatureGrid items={capabilities.items} />
          </ContentBand>
        );
      case 'applications':
        return (
          <ContentBand key={name} section={id.applications} titleId="applications-title" tone={tone} eyebrow={applications.eyebrow} title={applications.title}>
            <ImpactGrid
              items={applications.items}
              impactLabel={<EditableText section={id.applications} contentKey="impact_label" fallback={applications.impact_label} />}
            />
          </ContentBand>
        );
      case 'industries':
        return (
          industries && (
            <ContentBand key={name} section={id.industries} titleId="industries-title" tone={tone} eyebrow={industries.eyebrow} title={industries.title}>
              <IndustryList items={industries.items} />
            </ContentBand>
          )
        );
      case 'stack':
        return stack && <StackBand key={name} section={id.stack} stack={stack} tone={tone} />;
      case 'process':
        return <ProcessSection key={name} section={id.process} content={c.process} tone={tone} />;
      case 'caseStudy':
        return <RelatedStudy key={name} section={id.caseStudy} content={c.caseStudy} tone={tone} />;
      case 'faq':
        return <FaqSection key={name} section={id.faq} content={c.faq} tone={tone} />;
    }
  };
  return (
    <>
      <PageHero section={id.hero} {...c.hero} art={Art && <Art />} layout={layout.hero} />
      {layout.blocks.map(([name, tone]) => block(name, tone))}
      <CtaBanner section={id.cta} {...c.cta} />
    </>
  );
}
