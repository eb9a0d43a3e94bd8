import { CaseStudiesLink } from '@/components/marketing/case-studies-link';
import { CaseStudyCard } from '@/components/marketing/case-study-card';
import { CheckList } from '@/components/marketing/check-list';
import { ContentBand } from '@/components/marketing/content-band';
import { FaqList } from '@/components/marketing/faq-list';
import { Section, SectionHeading, type SectionTone } from '@/components/marketing/section';
import type { Faq, ServiceEngagement } from '@/content/service-engagement';
import { ContentList } from '@/features/editable-text/content-scope';
import { EditableText, TitledText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';
import { useSiteData } from '@/lib/site-data-context';

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
            <TitledText item={s} titleClass={cx('mt-1 text-lg font-semibold', dark ? 'text-white' : 'text-ink')} textClass={cx('mt-2 leading-7', dark ? 'text-slate-300' : 'text-slate-600')} />
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
/**
 * The proof of a service or solution page: the study its copy names (by
 * slug; the first shown one when that one is gone), in the one card of a
 * study, which links to its page; then a link to all the case studies.
 */
export function RelatedStudy({ section, content: c, tone }: { section: string; content: ServiceEngagement['caseStudy']; tone: SectionTone }) {
  const all = useSiteData().caseStudies;
  const study = all.find((s) => s.slug === c.id) ?? all[0];
  if (!study) return null;
  return (
    <ContentBand section={section} titleId="case-study-title" tone={tone} eyebrow={c.eyebrow} title={c.title} description={c.description}>
      <CaseStudyCard study={study} results={3} className="mx-auto mt-14 max-w-5xl" sizes="(min-width: 1024px) 400px, 100vw" />
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
