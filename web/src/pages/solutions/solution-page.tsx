import { ContentBand } from '@/components/marketing/content-band';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { ImpactGrid } from '@/components/marketing/impact-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { TechTile } from '@/components/marketing/tech-marks';
import { IconBadge } from '@/components/ui/card';
import { solutionSections, type Industry, type NamedItem, type SolutionPageContent } from '@/content/solutions';
import { ContentList, useStoredText } from '@/features/editable-text/content-scope';
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
      <PageHero section={id.hero} {...c.hero} art={Art && <Art />} />
      <ContentBand section={id.capabilities} titleId="capabilities-title" eyebrow={capabilities.eyebrow} title={capabilities.title}>
        <FeatureGrid items={capabilities.items} />
      </ContentBand>
      <ContentBand section={id.applications} titleId="applications-title" tone="muted" eyebrow={applications.eyebrow} title={applications.title}>
        <ImpactGrid
          items={applications.items}
          impactLabel={<EditableText section={id.applications} contentKey="impact_label" fallback={applications.impact_label} />}
        />
      </ContentBand>
      {industries && (
        <ContentBand section={id.industries} titleId="industries-title" eyebrow={industries.eyebrow} title={industries.title}>
          <IndustryList items={industries.items} />
        </ContentBand>
      )}
      {stack && (
        <ContentBand section={id.stack} titleId="stack-title" tone="dark" eyebrow={stack.eyebrow} title={stack.title} description={stack.description}>
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
        </ContentBand>
      )}
      <CtaBanner section={id.cta} {...c.cta} />
    </>
  );
}
