import { RecordHeader } from '@/components/marketing/record-header';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { RichText } from '@/components/marketing/rich-text';
import { careers } from '@/content/careers';
import { ApplicationForm } from '@/features/careers/application-form';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import type { PublicPosition } from '@/lib/api-types';
import { longDate } from '@/lib/site-data';
import { useSiteData } from '@/lib/site-data-context';
import { OpenPositions, PositionFacts } from './careers-page';

function Header({ position: p, children }: { position: PublicPosition; children?: React.ReactNode }) {
  return (
    <RecordHeader backHref="/careers" back={<EditableText contentKey="back" fallback={careers.position.back} />}>
      <h1 id="page-title" className="mt-8 text-3xl font-bold tracking-tight text-balance min-[22rem]:text-4xl sm:text-5xl">
        {p.title}
      </h1>
      {children}
    </RecordHeader>
  );
}

/**
 * An open position at /careers/{slug}: what it is, its description, and
 * how to apply. Its texts are the position's record (the admin's Careers
 * tab); the labels around them are edited in place.
 */
export function PositionPage() {
  const p = useSiteData().careers?.position;
  if (!p) return null;
  return (
    <ContentSection id="careers.position">
      <article>
        <Header position={p}>
          <p className="mt-6 text-lg leading-8 text-pretty text-slate-200">{p.summary}</p>
          <PositionFacts position={p} className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-200 [&_svg]:text-brand-200" />
          <p className="mt-6 text-sm text-slate-300">
            <EditableText contentKey="posted" fallback={careers.position.posted} /> {longDate(p.postedOn)}
            {p.closesOn && (
              <>
                {' · '}
                <EditableText contentKey="closes" fallback={careers.position.closes} /> {longDate(p.closesOn)}
              </>
            )}
          </p>
        </Header>
        <div className="bg-white py-16 sm:py-20">
          <div className="mx-auto max-w-3xl px-6 lg:px-8">
            {p.description && <RichText doc={p.description} images={p.images ?? {}} />}
            <section id="apply" aria-labelledby="apply-title" className="mt-16 scroll-mt-24 rounded-3xl border border-slate-200 bg-slate-50 p-8">
              <EditableText as="h2" id="apply-title" contentKey="applyTitle" fallback={careers.position.applyTitle} className="text-2xl font-bold text-ink" />
              <EditableText as="p" contentKey="applyText" fallback={careers.position.applyText} multiline className="mt-3 text-slate-600" />
              {p.id !== undefined && <ApplicationForm positionId={p.id} />}
            </section>
          </div>
        </div>
      </article>
      <CtaBanner section="careers.cta" {...careers.cta} />
    </ContentSection>
  );
}

/** The address of a position that has closed (410): it says so and lists the open ones. */
export function ClosedPositionPage() {
  const p = useSiteData().careers?.closed;
  if (!p) return null;
  return (
    <ContentSection id="careers.position">
      <Header position={p}>
        <EditableText as="p" contentKey="closedTitle" fallback={careers.position.closedTitle} className="mt-6 text-lg font-semibold text-white" />
      </Header>
      <div className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-5xl px-6 lg:px-8">
          <EditableText as="p" contentKey="closedText" fallback={careers.position.closedText} className="text-lg text-slate-700" />
          <OpenPositions />
        </div>
      </div>
    </ContentSection>
  );
}
