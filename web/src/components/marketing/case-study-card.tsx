import { ArrowRight } from 'lucide-react';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { RecordText } from '@/features/editable-text/record-text';
import type { CaseStudyCard as Card } from '@/lib/api-types';
import { caseStudyPath } from '@/lib/case-studies';
import { cx } from '@/lib/cx';
import { mediaRefId } from '@/lib/site-data';
import { useSiteData } from '@/lib/site-data-context';
import { CardLink } from './card-link';
import { ResultText, StudyLabel, studyRecord, StudyResults } from './case-study-parts';

type CaseStudyCardProps = {
  study: Card;
  /** How many results the card lists. */
  results?: number;
  /** The image's sizes at the widths the card takes. */
  sizes?: string;
  className?: string;
};

/**
 * The one card of a case study, on /, /case-studies and the service and
 * solution pages: its dark side with the industry, the ROI at display size
 * and the timeline (under its picture, when it has one), its light side
 * with the client, the title, the summary and the first results, each
 * led by its figure. In a container of 42 rem and more the two sides stand
 * beside each other. The title links to the study's page over the whole
 * card, but in edit mode, where a click on a text edits it.
 */
export function CaseStudyCard({ study: s, results = 2, sizes = '(min-width: 1024px) 40vw, 100vw', className }: CaseStudyCardProps) {
  const record = studyRecord(s.slug);
  const { media } = useSiteData();
  const id = mediaRefId(s.image);
  const image = id === undefined ? undefined : media[String(id)];
  return (
    <article
      data-case-study={s.slug}
      className={cx(
        '@container group relative h-full overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm transition hover:border-brand/40 hover:shadow-md',
        className,
      )}
    >
      <div className="flex h-full flex-col @2xl:grid @2xl:grid-cols-[2fr_3fr]">
        <div className="relative isolate flex flex-col bg-ink text-white">
          {image ? (
            <ResponsiveImage media={image} sizes={sizes} className="aspect-[16/9] w-full object-cover @2xl:aspect-[4/3]" />
          ) : (
            <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
          )}
          <div className="flex flex-1 flex-col p-6 sm:p-8">
            <RecordText as="p" record={record} field="industry" value={s.industry} className="text-sm font-semibold tracking-widest text-brand-100 uppercase" />
            {s.roi && (
              <p className="mt-8 flex items-baseline gap-3 @2xl:mt-auto @2xl:pt-10">
                <RecordText as="span" record={record} field="roi" value={s.roi} className="text-5xl font-semibold tracking-tight" />
                <span className="text-sm text-slate-200">
                  <StudyLabel name="roi" />
                </span>
              </p>
            )}
            {s.timeline && (
              <p className="mt-2 text-sm text-slate-200">
                <StudyLabel name="timeline" />
                {' · '}
                <RecordText record={record} field="timeline" value={s.timeline} />
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-1 flex-col p-6 sm:p-8">
          <RecordText as="p" record={record} field="client" value={s.client} className="text-sm font-medium text-slate-600" />
          <h3 className="mt-2 text-xl leading-snug font-semibold tracking-tight text-ink sm:text-2xl">
            <CardLink href={caseStudyPath(s.slug)} corner="3xl">
              <RecordText record={record} field="title" value={s.title} />
            </CardLink>
          </h3>
          <RecordText as="p" record={record} field="summary" kind="multiline" value={s.summary} className="mt-3 leading-7 text-slate-600" />
          {results > 0 && (
            <StudyResults
              study={s}
              count={results}
              className="mt-6 flex-1 space-y-2 border-t border-slate-200 pt-5 text-slate-800"
              show={(l) => <ResultText text={l} figureClass="font-semibold text-emerald-700" />}
            />
          )}
          <p aria-hidden="true" className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-brand">
            <StudyLabel name="read" /> <ArrowRight className="size-4 transition group-hover:translate-x-0.5" />
          </p>
        </div>
      </div>
    </article>
  );
}
