import { RecordHeader } from '@/components/marketing/record-header';
import { CaseStudyCard } from '@/components/marketing/case-study-card';
import { lineItems, ResultText, StudyFact, StudyLabel, studyRecord, StudyResults } from '@/components/marketing/case-study-parts';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { Ordinal, SplitLayout } from '@/components/marketing/editorial';
import { displayHeading, headline, heroLead } from '@/components/marketing/headings';
import { Section } from '@/components/marketing/section';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { caseStudiesPage as page } from '@/content/case-studies';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { RecordText, type RecordValue } from '@/features/editable-text/record-text';
import type { CaseStudyCard as Card, PublicCaseStudy } from '@/lib/api-types';
import { caseStudiesPath, items, relatedStudies, splitRole } from '@/lib/case-studies';
import { cx } from '@/lib/cx';
import { mediaRefId, type SiteMedia } from '@/lib/site-data';
import { useSiteData } from '@/lib/site-data-context';

const label = 'text-sm font-semibold tracking-widest uppercase';

function useMedia(ref: string): SiteMedia | undefined {
  const { media } = useSiteData();
  const id = mediaRefId(ref);
  return id === undefined ? undefined : media[String(id)];
}

/** The dark opening: the way back, the industry and client, the title, the summary, and the figures beside them. */
function Header({ study: s, children }: { study: Card; children?: React.ReactNode }) {
  const record = studyRecord(s.slug);
  return (
    <RecordHeader backHref={caseStudiesPath} back={<StudyLabel name="back" />} wide>
      <p className={cx(label, 'mt-10 text-brand-200')}>
        <RecordText record={record} field="industry" value={s.industry} />
      </p>
      <h1 id="page-title" className={cx(displayHeading, 'mt-4 max-w-5xl')}>
        <RecordText record={record} field="title" value={s.title} />
      </h1>
      {children}
    </RecordHeader>
  );
}

/** The figures of the opening: client, ROI and timeline, under a hairline. */
function HeaderFigures({ study: s }: { study: Card }) {
  return (
    <dl className="mt-10 flex flex-wrap gap-x-12 gap-y-6 border-t border-white/15 pt-8">
      {(['client', 'roi', 'timeline'] as const).map((name) => (
        <StudyFact key={name} study={s} name={name} termClass="text-sm text-slate-300" valueClass="mt-1 text-xl font-semibold" />
      ))}
    </dl>
  );
}

/** A part of the story: its number and heading beside its text. */
function StoryPart({ n, name, children }: { n: number; name: 'challenge' | 'solution'; children: React.ReactNode }) {
  return (
    <div className="grid gap-4 border-t border-slate-200 py-10 first:border-t-0 first:pt-0 sm:grid-cols-[3rem_minmax(0,1fr)] lg:grid-cols-12 lg:gap-16">
      <Ordinal n={n} className="lg:col-span-1" />
      <h2 className="text-2xl font-semibold tracking-tight text-ink lg:col-span-4">
        <StudyLabel name={name} />
      </h2>
      <div className="sm:col-start-2 lg:col-span-7">{children}</div>
    </div>
  );
}

const teamList = (v: RecordValue) =>
  lineItems(v, (l, i) => {
    const { role, task } = splitRole(l);
    return (
      <div className="grid grid-cols-[2.5rem_minmax(0,1fr)] gap-x-3 py-5">
        <Ordinal n={i + 1} />
        <p className="leading-7 text-slate-600">
          <span className="block font-semibold text-ink">{role}</span>
          {task}
        </p>
      </div>
    );
  });

function Story({ study: s }: { study: PublicCaseStudy }) {
  const record = studyRecord(s.slug);
  const picture = useMedia(s.picture);
  return (
    <>
      <Section aria-label="The story">
        <StoryPart n={1} name="challenge">
          <RecordText as="p" record={record} field="challenge" kind="multiline" value={s.challenge} className="text-lg leading-8 text-slate-700 sm:text-xl sm:leading-9" />
        </StoryPart>
        <StoryPart n={2} name="solution">
          <RecordText as="p" record={record} field="approach" kind="multiline" value={s.approach} className="text-lg leading-8 text-slate-700 sm:text-xl sm:leading-9" />
          {picture && (
            <figure className="mt-10">
              <ResponsiveImage media={picture} sizes="(min-width: 1280px) 700px, (min-width: 1024px) 55vw, 100vw" className="aspect-[3/2] w-full rounded-3xl object-cover" />
              {picture.caption && <figcaption className="mt-3 text-sm text-slate-600">{picture.caption}</figcaption>}
            </figure>
          )}
        </StoryPart>
      </Section>
      <Section tone="dark" aria-labelledby="results-title">
        <h2 id="results-title" className={cx(headline, 'text-white')}>
          <StudyLabel name="results" />
        </h2>
        <StudyResults
          study={s}
          className="mt-14 grid gap-x-12 gap-y-10 sm:grid-cols-2 lg:grid-cols-3"
          show={(l) => (
            <p className="border-t-2 border-brand-400 pt-5 text-lg leading-7 text-slate-200">
              <ResultText text={l} figureClass="mb-2 block text-5xl font-semibold tracking-tight text-white lg:text-6xl" />
            </p>
          )}
        />
      </Section>
    </>
  );
}

function Quote({ study: s }: { study: PublicCaseStudy }) {
  const record = studyRecord(s.slug);
  if (!s.quote) return null;
  return (
    <Section tone="white" aria-labelledby="quote-title">
      <figure className="mx-auto max-w-4xl">
        <h2 id="quote-title" className={cx(label, 'text-brand')}>
          <StudyLabel name="quote" />
        </h2>
        <blockquote className="mt-6 border-l-4 border-brand/70 pl-6 sm:pl-8">
          <RecordText
            as="p"
            record={record}
            field="quote"
            kind="multiline"
            value={s.quote}
            show={(v) => `“${String(v)}”`}
            className="text-2xl leading-snug font-medium tracking-tight text-ink sm:text-3xl"
          />
        </blockquote>
        <figcaption className="mt-6 pl-7 text-slate-600 sm:pl-9">
          <RecordText as="span" record={record} field="quoteAuthor" value={s.quoteAuthor} className="block font-semibold text-ink" />
          {s.quoteRole && <RecordText as="span" record={record} field="quoteRole" value={s.quoteRole} className="block text-sm" />}
        </figcaption>
      </figure>
    </Section>
  );
}

/** The team's roles as a numbered list beside the technologies. */
function Team({ study: s }: { study: PublicCaseStudy }) {
  const record = studyRecord(s.slug);
  if (!s.team && !s.technologies) return null;
  return (
    <Section tone="muted" aria-labelledby="team-title">
      <SplitLayout
        aside={
          <div>
            <h2 id="team-title" className={cx(headline, 'text-ink')}>
              <StudyLabel name="team" />
            </h2>
            {s.technologies && (
              <>
                <h3 className={cx(label, 'mt-10 text-slate-600')}>
                  <StudyLabel name="technologies" />
                </h3>
                <RecordText
                  as="ul"
                  record={record}
                  field="technologies"
                  value={s.technologies}
                  className="mt-4 flex flex-wrap gap-2"
                  show={(v) =>
                    items(String(v)).map((t) => (
                      <li key={t} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-700">
                        {t}
                      </li>
                    ))
                  }
                />
              </>
            )}
          </div>
        }
      >
        {s.team && <RecordText as="ol" record={record} field="team" kind="multiline" value={s.team} className="divide-y divide-slate-300 border-y border-slate-300" show={teamList} />}
      </SplitLayout>
    </Section>
  );
}

function Related({ slug }: { slug: string }) {
  const related = relatedStudies(useSiteData().caseStudies, slug);
  if (related.length === 0) return null;
  return (
    <Section aria-labelledby="related-title">
      <h2 id="related-title" className={cx(headline, 'text-ink')}>
        <StudyLabel name="related" />
      </h2>
      <div className="mt-14 grid gap-8 md:grid-cols-2 xl:grid-cols-3">
        {related.map((r) => (
          <CaseStudyCard key={r.slug} study={r} sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw" />
        ))}
      </div>
    </Section>
  );
}

/**
 * A case study at /case-studies/{slug}: the opening with its figures and
 * picture, the story (challenge and approach), the results at display size
 * on the dark ground, the client's words, the team and its technologies, and
 * the studies to read next. Its texts are the study's record (the admin's
 * Case studies section), edited in place; the labels are the section's.
 */
export function CaseStudyPage() {
  const s = useSiteData().caseStudy;
  const image = useMedia(s?.image ?? '');
  if (!s) return null;
  return (
    <ContentSection id="case-studies.studies">
      <article>
        <Header study={s}>
          <RecordText as="p" record={studyRecord(s.slug)} field="summary" kind="multiline" value={s.summary} className={cx(heroLead, 'mt-6 max-w-3xl text-pretty text-slate-200')} />
          <HeaderFigures study={s} />
        </Header>
        {image && (
          <div className="bg-ink">
            <div className="mx-auto max-w-7xl px-6 pb-16 lg:px-8">
              <ResponsiveImage media={image} priority sizes="(min-width: 1280px) 1216px, 100vw" className="aspect-[21/9] w-full rounded-3xl object-cover" />
            </div>
          </div>
        )}
        <Story study={s} />
        <Quote study={s} />
        <Team study={s} />
      </article>
      <Related slug={s.slug} />
      <CtaBanner section="case-studies.cta" {...page.cta} />
    </ContentSection>
  );
}

/** The address of a withdrawn study (410): it says so and shows the studies of today. */
export function WithdrawnStudyPage() {
  const { withdrawnStudy: s, caseStudies } = useSiteData();
  if (!s) return null;
  return (
    <ContentSection id="case-studies.withdrawn">
      <Header study={s}>
        <EditableText as="p" contentKey="title" fallback={page.withdrawn.title} className="mt-6 text-lg font-semibold text-white" />
      </Header>
      <Section tone="muted" aria-label="Case studies">
        <EditableText as="h2" contentKey="text" fallback={page.withdrawn.text} className="text-center text-lg font-semibold text-slate-700" />
        <div className="mt-10 grid gap-8 md:grid-cols-2 xl:grid-cols-3">
          {caseStudies.map((r) => (
            <CaseStudyCard key={r.slug} study={r} />
          ))}
        </div>
      </Section>
    </ContentSection>
  );
}
