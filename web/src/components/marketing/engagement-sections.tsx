import { CaseStudiesLink } from '@/components/marketing/case-studies-link';
import { StudyLabel, StudyStory, studiesSection } from '@/components/marketing/case-study-parts';
import { CheckList } from '@/components/marketing/check-list';
import { ContentBand } from '@/components/marketing/content-band';
import { FaqList } from '@/components/marketing/faq-list';
import { Section, SectionHeading, type SectionTone } from '@/components/marketing/section';
import { caseStudiesPage } from '@/content/case-studies';
import type { Faq, ServiceEngagement } from '@/content/service-engagement';
import { ContentItem, ContentList, ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';

// The engagement sections of a service page: how we work, what you get, a
// case study and the questions buyers ask; a solution page shows all but what
// you get. Each has a section of its own (`<slug>.process`,
// `<slug>.deliverables`, `<slug>.case-study`, `<slug>.faq`): what you get is
// the body of its ContentSection, the others take theirs as `section`. `tone` lets the pages vary their
// grounds and order so that no two of them read alike.



/**
 * How we work: numbered steps with their durations, a vertical list joined
 * by a line on phones and tablets, one row (a timeline) from 1024 px.
 */
export function ProcessSection({ section, content: c, tone }: { section: string; content: ServiceEngagement['process']; tone: SectionTone }) {
  const dark = tone === 'dark';
  return (
    <ContentBand section={section} titleId="process-title" tone={tone} eyebrow={c.eyebrow} title={c.title} description={c.description}>
      <ContentList
        as="ol"
        group="steps"
        items={c.steps}
        className="mx-auto mt-14 grid max-w-xl gap-10 lg:max-w-none lg:auto-cols-fr lg:grid-flow-col lg:gap-8"
        itemClassName="relative pl-16 lg:pt-16 lg:pl-0"
      >
        {(s, i, steps) => (
          <>
            <span aria-hidden="true" className="absolute top-0 left-0 flex size-11 items-center justify-center rounded-full bg-brand font-bold text-white">
              {i + 1}
            </span>
            {i < steps.length - 1 && (
              <span
                aria-hidden="true"
                className={cx(
                  'absolute top-14 -bottom-8 left-[21px] w-0.5 lg:top-[21px] lg:-right-6 lg:bottom-auto lg:left-14 lg:h-0.5 lg:w-auto',
                  dark ? 'bg-white/15' : 'bg-slate-200',
                )}
              />
            )}
            <EditableText as="p" contentKey="duration" fallback={s.duration} className={cx('text-sm font-semibold', dark ? 'text-brand-200' : 'text-brand')} />
            <EditableText as="h3" contentKey="title" fallback={s.title} className={cx('mt-1 text-lg font-semibold', dark ? 'text-white' : 'text-ink')} />
            <EditableText as="p" contentKey="description" fallback={s.description} multiline className={cx('mt-2 leading-7', dark ? 'text-slate-300' : 'text-slate-600')} />
          </>
        )}
      </ContentList>
    </ContentBand>
  );
}

/** What you get: the heading beside a checklist of the artefacts the client keeps (list first with `flip`). */
export function DeliverablesSection({ content: c, tone, flip = false }: { content: ServiceEngagement['deliverables']; tone: SectionTone; flip?: boolean }) {
  return (
    <Section tone={tone} aria-labelledby="deliverables-title">
      <div className={cx('grid items-center gap-12 lg:gap-16', flip ? 'lg:grid-cols-[3fr_2fr]' : 'lg:grid-cols-[2fr_3fr]')}>
        <SectionHeading id="deliverables-title" eyebrow={c.eyebrow} title={c.title} description={c.description} align="left" />
        <CheckList
          group="items"
          items={c.items}
          className={cx('grid gap-x-8 gap-y-5 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8', flip && 'lg:order-first')}
          itemClassName="flex gap-3 font-medium text-slate-800"
          iconClassName="mt-0.5 size-5 shrink-0 text-brand"
        />
      </div>
    </Section>
  );
}

// A figure beside its label on a phone; from 640 px two tiles side by side, the figure under its label.
const factTile = 'flex items-baseline justify-between gap-3 rounded-2xl bg-white/10 px-4 py-3 sm:block sm:p-4';
const factFigure = 'text-xl font-bold tracking-tight sm:mt-1 sm:text-3xl';
const facts = ['roi', 'timeline'] as const;

/**
 * A case study of /case-studies, in the home page's card: its figures on the
 * dark side, the challenge, solution and results beside them, and a link to the page.
 * The study's texts are its texts on /case-studies.
 */
export function RelatedStudy({ section, content: c, tone }: { section: string; content: ServiceEngagement['caseStudy']; tone: SectionTone }) {
  const study = caseStudiesPage.studies.items.find((s) => s.id === c.id);
  if (!study) return null;
  return (
    <ContentBand section={section} titleId="case-study-title" tone={tone} eyebrow={c.eyebrow} title={c.title} description={c.description}>
      <ContentSection id={studiesSection}>
        <ContentItem group="items" id={study.id}>
          <article className="mt-14 overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm lg:grid lg:grid-cols-[2fr_3fr]">
            <div className="relative isolate flex flex-col bg-ink p-6 text-white sm:p-8">
              <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
              <EditableText as="p" contentKey="industry" fallback={study.industry} className="text-sm font-semibold tracking-widest text-brand-100 uppercase" />
              <EditableText as="h3" contentKey="title" fallback={study.title} className="mt-3 text-2xl font-bold tracking-tight" />
              <dl className="mt-8 grid gap-3 sm:grid-cols-2 sm:gap-4 lg:mt-auto lg:pt-8">
                {facts.map((name) => (
                  <div key={name} className={factTile}>
                    <dt className="text-sm text-slate-200">
                      <StudyLabel name={name} />
                    </dt>
                    <EditableText as="dd" contentKey={name} fallback={study[name]} className={factFigure} />
                  </div>
                ))}
              </dl>
            </div>
            <div className="p-6 sm:p-8">
              <StudyStory study={study} heading="h4" spacing={[undefined, 'mt-5']} results={['mt-3 space-y-3', 'flex gap-3 text-slate-800']} />
            </div>
          </article>
        </ContentItem>
      </ContentSection>
      <CaseStudiesLink contentKey="link" fallback={c.link} />
    </ContentBand>
  );
}

/** The questions buyers ask, answered: an accordion under the section's heading (and the page's FAQPage structured data). */
export function FaqSection({ section, content: c, tone }: { section: string; content: Faq; tone: SectionTone }) {
  return (
    <ContentBand section={section} titleId="faq-title" tone={tone} eyebrow={c.eyebrow} title={c.title}>
      <FaqList items={c.items} />
    </ContentBand>
  );
}
