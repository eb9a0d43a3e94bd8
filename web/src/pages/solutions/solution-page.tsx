import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { ImpactGrid } from '@/components/marketing/impact-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { TechTile } from '@/components/marketing/tech-marks';
import { IconBadge } from '@/components/ui/card';
import { solutionSections, type Industry, type NamedItem, type SolutionPageContent } from '@/content/solutions';
import { ContentItem, ContentSection, useContentGroup, useStoredText } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { solutionArt } from '@/pages/solutions/solution-art';

const newIndustry = (icon: Industry['icon']) => ({ icon, name: 'New industry', description: 'Describe it here.' });
const newFramework = { name: 'New framework', description: 'Describe it here.' };

/** The industries served: a repeating group `items` of the enclosing section. */
function IndustryList({ items }: { items: Industry[] }) {
  const shown = useContentGroup('items', items, items[0] && newIndustry(items[0].icon));
  return (
    <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((i) => (
        <li key={i.id} className="rounded-2xl border border-slate-200 p-6">
          <ContentItem group="items" id={i.id} items={shown}>
            <IconBadge icon={i.icon} size="sm" />
            <EditableText as="h3" contentKey="name" fallback={i.name} className="mt-4 font-semibold text-ink" />
            <EditableText as="p" contentKey="description" fallback={i.description} multiline className="mt-2 text-slate-600" />
          </ContentItem>
        </li>
      ))}
    </ul>
  );
}

/** A framework's mark, for the name it shows (an added framework gets the initials of its own). */
function FrameworkMark({ item }: { item: NamedItem }) {
  return <TechTile id={item.id} name={useStoredText('name', item.name)} />;
}

/** The frameworks of the stack: a repeating group `frameworks` of the enclosing section. */
function FrameworkList({ items }: { items: NamedItem[] }) {
  const shown = useContentGroup('frameworks', items, newFramework);
  return (
    <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {shown.map((f) => (
        <li key={f.id} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
          <ContentItem group="frameworks" id={f.id} items={shown}>
            <FrameworkMark item={f} />
            <EditableText as="h3" contentKey="name" fallback={f.name} className="mt-5 text-lg font-semibold text-white" />
            <EditableText as="p" contentKey="description" fallback={f.description} multiline className="mt-2 text-sm leading-6 text-slate-300" />
          </ContentItem>
        </li>
      ))}
    </ul>
  );
}

/**
 * The layout every solution page shares; the content decides which blocks
 * appear. Each block is the section `<slug>.<name>` of its copy.
 */
export function SolutionPage({ content: c }: { content: SolutionPageContent }) {
  const id = solutionSections(c);
  const { capabilities, applications, industries, stack } = c;
  const Art = solutionArt[c.slug];
  return (
    <>
      <ContentSection id={id.hero}>
        <PageHero {...c.hero} art={Art && <Art />} />
      </ContentSection>
      <ContentSection id={id.capabilities}>
        <Section aria-labelledby="capabilities-title">
          <SectionHeading id="capabilities-title" eyebrow={capabilities.eyebrow} title={capabilities.title} />
          <FeatureGrid items={capabilities.items} />
        </Section>
      </ContentSection>
      <ContentSection id={id.applications}>
        <Section tone="muted" aria-labelledby="applications-title">
          <SectionHeading id="applications-title" eyebrow={applications.eyebrow} title={applications.title} />
          <ImpactGrid
            items={applications.items}
            impactLabel={<EditableText section={id.applications} contentKey="impact_label" fallback={applications.impact_label} />}
          />
        </Section>
      </ContentSection>
      {industries && (
        <ContentSection id={id.industries}>
          <Section aria-labelledby="industries-title">
            <SectionHeading id="industries-title" eyebrow={industries.eyebrow} title={industries.title} />
            <IndustryList items={industries.items} />
          </Section>
        </ContentSection>
      )}
      {stack && (
        <ContentSection id={id.stack}>
          <Section tone="dark" aria-labelledby="stack-title">
            <SectionHeading id="stack-title" eyebrow={stack.eyebrow} title={stack.title} description={stack.description} dark />
            <FrameworkList items={stack.frameworks} />
            <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-white/10 p-6 ring-1 ring-white/15 sm:flex-row sm:items-center">
              <TechTile id="nvidia-cuda" name={stack.platform.name} />
              <div>
                <EditableText as="h3" contentKey="platform.name" fallback={stack.platform.name} className="text-lg font-semibold text-white" />
                <EditableText
                  as="p"
                  contentKey="platform.description"
                  fallback={stack.platform.description}
                  multiline
                  className="mt-1 text-sm leading-6 text-slate-300"
                />
              </div>
            </div>
          </Section>
        </ContentSection>
      )}
      <ContentSection id={id.cta}>
        <CtaBanner {...c.cta} />
      </ContentSection>
    </>
  );
}
