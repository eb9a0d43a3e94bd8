import { ArrowRight } from 'lucide-react';
import { CaseStudyCard } from '@/components/marketing/case-study-card';
import { ResultText, StudyFact, studyRecord, StudyResults } from '@/components/marketing/case-study-parts';
import { ContentBand } from '@/components/marketing/content-band';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { Ordinal, SplitLayout } from '@/components/marketing/editorial';
import { StatGrid } from '@/components/marketing/feature-grid';
import { headline } from '@/components/marketing/headings';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { caseStudiesPage as page } from '@/content/case-studies';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { RecordText } from '@/features/editable-text/record-text';
import type { CaseStudyCard as Card } from '@/lib/api-types';
import { caseStudyPath } from '@/lib/case-studies';
import { cx } from '@/lib/cx';
import { useSiteData } from '@/lib/site-data-context';
import { CaseStudiesArt } from '@/pages/company/case-studies-art';

/**
 * The lead study, told rather than boxed: beside its title and summary, its
 * results as display figures under hairlines, each numbered; then the link
 * to its page.
 */
function FeaturedStudy({ study: s }: { study: Card }) {
  const record = studyRecord(s.slug);
  return (
    <ContentSection id="case-studies.featured">
      <Section aria-labelledby="featured-title">
        <SplitLayout
          aside={
            <div>
              <EditableText as="p" contentKey="eyebrow" fallback={page.featured.eyebrow} className="text-sm font-semibold tracking-widest text-brand uppercase" />
              <p className="mt-3 text-sm font-medium text-slate-600">
                <RecordText record={record} field="industry" value={s.industry} />
                {' · '}
                <RecordText record={record} field="client" value={s.client} />
              </p>
              <h2 id="featured-title" className={cx(headline, 'mt-4 text-ink')}>
                <RecordText record={record} field="title" value={s.title} />
              </h2>
              <RecordText as="p" record={record} field="summary" kind="multiline" value={s.summary} className="mt-5 text-lg leading-8 text-slate-600" />
              <a href={caseStudyPath(s.slug)} className="mt-8 inline-flex items-center gap-1 font-semibold text-brand hover:underline">
                <EditableText contentKey="link" fallback={page.featured.link} /> <ArrowRight aria-hidden="true" className="size-4" />
              </a>
            </div>
          }
        >
          <StudyResults
            study={s}
            as="ol"
            className="divide-y divide-slate-200 border-y border-slate-200"
            show={(l, i) => (
              <div className="grid grid-cols-[2.5rem_minmax(0,1fr)] gap-x-4 py-6 sm:grid-cols-[3rem_minmax(0,1fr)]">
                <Ordinal n={i + 1} className="pt-1" />
                <p className="text-lg leading-7 text-slate-700 sm:text-xl">
                  <ResultText text={l} figureClass="block text-4xl font-semibold tracking-tight text-ink sm:text-5xl" />
                </p>
              </div>
            )}
          />
          {(s.roi || s.timeline) && (
            <dl className="mt-8 flex flex-wrap gap-x-10 gap-y-4">
              <StudyFact study={s} name="roi" termClass="text-sm text-slate-600" valueClass="mt-1 text-2xl font-semibold text-emerald-700" />
              <StudyFact study={s} name="timeline" termClass="text-sm text-slate-600" valueClass="mt-1 text-2xl font-semibold text-ink" />
            </dl>
          )}
        </SplitLayout>
      </Section>
    </ContentSection>
  );
}

/**
 * The columns the last of count cards takes, so that the grid's last row
 * has no empty place: two columns from 768 px, three from 1280 px. A card
 * that spans two or three stands its two sides beside each other.
 */
function lastCardSpan(count: number): string {
  const md = count % 2 === 1 ? 'md:col-span-2' : '';
  const xl = ['xl:col-span-1', 'xl:col-span-3', 'xl:col-span-2'][count % 3];
  return cx(md, md || count % 3 !== 0 ? xl : '');
}

/** The other studies, each in the one card of a study, beside their heading. */
function StudyIndex({ studies }: { studies: Card[] }) {
  return (
    <ContentSection id="case-studies.index">
      <Section tone="muted" aria-labelledby="index-title">
        <SectionHeading align="left" id="index-title" eyebrow={page.index.eyebrow} title={page.index.title} description={page.index.description} />
        <div className="mt-14 grid gap-8 md:grid-cols-2 xl:grid-cols-3">
          {studies.map((s, i) => (
            <CaseStudyCard
              key={s.slug}
              study={s}
              className={i === studies.length - 1 ? lastCardSpan(studies.length) : undefined}
              sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw"
            />
          ))}
        </div>
      </Section>
    </ContentSection>
  );
}

/**
 * /case-studies: a wide hero, the lead study told in a split band, the
 * others as cards on the muted ground, the track record on the dark one,
 * and the call to action. The studies are records (the admin's Case studies
 * section); their texts are edited in place as every record's.
 */
export function CaseStudiesPage() {
  const { hero, trackRecord, cta } = page;
  const [lead, ...rest] = useSiteData().caseStudies;
  return (
    <>
      <PageHero section="case-studies.hero" {...hero} actions={false} art={<CaseStudiesArt />} layout="wide" />
      {lead && <FeaturedStudy study={lead} />}
      {rest.length > 0 && <StudyIndex studies={rest} />}
      <ContentBand section="case-studies.track-record" titleId="track-record-title" tone="dark" eyebrow={trackRecord.eyebrow} title={trackRecord.title}>
        <StatGrid items={trackRecord.items} dark />
      </ContentBand>
      <CtaBanner section="case-studies.cta" {...cta} />
    </>
  );
}
