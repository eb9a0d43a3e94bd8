import { CheckCircle2, Clock, TrendingUp } from 'lucide-react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { StatGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { caseStudiesPage as page, type CaseStudy } from '@/content/case-studies';
import { ContentItem, ContentSection, useContentGroup, useStoredText } from '@/features/editable-text/content-scope';
import { EditableImage } from '@/features/editable-text/editable-image';
import { EditableText } from '@/features/editable-text/editable-text';
import { CaseStudiesArt } from '@/pages/company/case-studies-art';

const section = 'case-studies.studies';
const { labels } = page.studies;

const newStudy: Omit<CaseStudy, 'id'> = {
  title: 'New case study',
  industry: 'Industry',
  challenge: 'The problem the client had.',
  solution: 'What we built.',
  results: ['A measured result'],
  technologies: ['Technology'],
  timeline: '3 months',
  roi: '100%',
};

const factTile = 'flex items-baseline justify-between gap-3 rounded-xl px-4 py-3 @sm:block @sm:p-4';
const factFigure = 'text-xl font-bold @sm:mt-1 @sm:text-2xl';

/** A label every study shows: a key of the section, not of the study. */
function Label({ name }: { name: keyof typeof labels }) {
  return <EditableText section={section} contentKey={`labels.${name}`} fallback={labels[name]} />;
}

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
        <div className={factTile + ' bg-emerald-50'}>
          <dt className="flex items-center gap-1.5 text-sm text-emerald-800">
            <TrendingUp aria-hidden="true" className="size-4" /> <Label name="roi" />
          </dt>
          <EditableText as="dd" contentKey="roi" fallback={s.roi} className={factFigure + ' text-emerald-800'} />
        </div>
        <div className={factTile + ' bg-slate-100'}>
          <dt className="flex items-center gap-1.5 text-sm text-slate-700">
            <Clock aria-hidden="true" className="size-4" /> <Label name="timeline" />
          </dt>
          <EditableText as="dd" contentKey="timeline" fallback={s.timeline} className={factFigure + ' text-ink'} />
        </div>
      </dl>
      <h3 className="mt-6 font-semibold text-ink">
        <Label name="challenge" />
      </h3>
      <EditableText as="p" contentKey="challenge" fallback={s.challenge} multiline className="mt-1 leading-7 text-slate-600" />
      <h3 className="mt-4 font-semibold text-ink">
        <Label name="solution" />
      </h3>
      <EditableText as="p" contentKey="solution" fallback={s.solution} multiline className="mt-1 leading-7 text-slate-600" />
      <h3 className="mt-4 font-semibold text-ink">
        <Label name="results" />
      </h3>
      <ul className="mt-2 flex-1 space-y-2">
        {s.results.map((r, i) => (
          <li key={i} className="flex gap-2 text-slate-800">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            <EditableText contentKey={`results.${i}`} fallback={r} />
          </li>
        ))}
      </ul>
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
  const shown = useContentGroup('items', page.studies.items, newStudy);
  return (
    <ul className="grid gap-8 lg:grid-cols-2">
      {shown.map((s) => (
        <li key={s.id}>
          <ContentItem group="items" id={s.id} items={shown}>
            <StudyCard study={s} />
          </ContentItem>
        </li>
      ))}
    </ul>
  );
}

export function CaseStudiesPage() {
  const { hero, trackRecord, cta } = page;
  return (
    <>
      <ContentSection id="case-studies.hero">
        <PageHero {...hero} actions={false} art={<CaseStudiesArt />} />
      </ContentSection>
      <ContentSection id={section}>
        <Section aria-label="Case studies">
          <Studies />
        </Section>
      </ContentSection>
      <ContentSection id="case-studies.track-record">
        <Section tone="dark" aria-labelledby="track-record-title">
          <SectionHeading id="track-record-title" eyebrow={trackRecord.eyebrow} title={trackRecord.title} dark />
          <StatGrid items={trackRecord.items} dark />
        </Section>
      </ContentSection>
      <ContentSection id="case-studies.cta">
        <CtaBanner {...cta} />
      </ContentSection>
    </>
  );
}
