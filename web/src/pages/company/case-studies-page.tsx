import { Clock, TrendingUp } from 'lucide-react';
import { StudyLabel, StudyStory, studiesSection } from '@/components/marketing/case-study-parts';
import { ContentBand } from '@/components/marketing/content-band';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { StatGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { caseStudiesPage as page, type CaseStudy } from '@/content/case-studies';
import { ContentList, ContentSection, useStoredText } from '@/features/editable-text/content-scope';
import { EditableImage } from '@/features/editable-text/editable-image';
import { EditableText } from '@/features/editable-text/editable-text';
import { CaseStudiesArt } from '@/pages/company/case-studies-art';

const newStudy: Partial<CaseStudy> = { results: ['A measured result'], technologies: ['Technology'] };

const factTile = 'flex items-baseline justify-between gap-3 rounded-xl px-4 py-3 @sm:block @sm:p-4';
const factFigure = 'text-xl font-bold @sm:mt-1 @sm:text-2xl';

/** The two figures of a study, each in a tile of its own colours. */
const facts = [
  { name: 'roi', icon: TrendingUp, tile: 'bg-emerald-50', label: 'text-emerald-800', figure: 'text-emerald-800' },
  { name: 'timeline', icon: Clock, tile: 'bg-slate-100', label: 'text-slate-700', figure: 'text-ink' },
] as const;

function StudyCard({ study: s }: { study: CaseStudy }) {
  const title = useStoredText('title', s.title);
  return (
    <article className="@container flex h-full flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <EditableImage
        contentKey="image"
        label={`picture of “${title}”`}
        sizes="(min-width: 1280px) 528px, (min-width: 1024px) calc(50vw - 136px), calc(100vw - 98px)"
        className="mb-6 aspect-[16/9] w-full rounded-2xl object-cover"
      />
      <EditableText as="p" contentKey="industry" fallback={s.industry} className="text-sm font-semibold tracking-widest text-brand uppercase" />
      <EditableText as="h2" contentKey="title" fallback={s.title} className="mt-3 text-2xl font-bold tracking-tight text-ink" />
      {/* Two tiles side by side where both figures fit on one line; in a
          narrow card, one above the other, each figure beside its label. */}
      <dl className="mt-6 grid grid-cols-1 gap-3 @sm:grid-cols-2 @sm:gap-4">
        {facts.map(({ name, icon: Icon, tile, label, figure }) => (
          <div key={name} className={factTile + ' ' + tile}>
            <dt className={'flex items-center gap-1.5 text-sm ' + label}>
              <Icon aria-hidden="true" className="size-4" /> <StudyLabel name={name} />
            </dt>
            <EditableText as="dd" contentKey={name} fallback={s[name]} className={factFigure + ' ' + figure} />
          </div>
        ))}
      </dl>
      <StudyStory study={s} heading="h3" spacing={['mt-6', 'mt-4']} results={['mt-2 flex-1 space-y-2', 'flex gap-2 text-slate-800']} />
      <ul className="mt-6 flex flex-wrap gap-2 border-t border-slate-100 pt-6" aria-label="Technologies">
        {s.technologies.map((t, i) => (
          <EditableText
            key={i}
            as="li"
            contentKey={`technologies.${i}`}
            fallback={t}
            className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700"
          />
        ))}
      </ul>
    </article>
  );
}

function Studies() {
  return (
    <ContentList group="items" items={page.studies.items} template={newStudy} className="grid gap-8 lg:grid-cols-2">
      {(s) => <StudyCard study={s} />}
    </ContentList>
  );
}

export function CaseStudiesPage() {
  const { hero, trackRecord, cta } = page;
  return (
    <>
      <PageHero section="case-studies.hero" {...hero} actions={false} art={<CaseStudiesArt />} />
      <ContentSection id={studiesSection}>
        <Section aria-label="Case studies">
          <Studies />
        </Section>
      </ContentSection>
      <ContentBand section="case-studies.track-record" titleId="track-record-title" tone="dark" eyebrow={trackRecord.eyebrow} title={trackRecord.title}>
        <StatGrid items={trackRecord.items} dark />
      </ContentBand>
      <CtaBanner section="case-studies.cta" {...cta} />
    </>
  );
}
