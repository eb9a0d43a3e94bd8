import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Ordinal, SplitLayout } from '@/components/marketing/editorial';
import { Section, SectionHeading } from '@/components/marketing/section';
import { solutions } from '@/content/home';
import { ContentList, ContentSection } from '@/features/editable-text/content-scope';
import { EditableText, TitledText } from '@/features/editable-text/editable-text';

// The link of a solution's row covers the whole row; in edit mode its texts
// (marked data-editable) are lifted above it, so a click edits them.
const editableAboveLink = '[&_[data-editable]]:relative [&_[data-editable]]:z-10';

// What an added item gets besides its texts (whose template is the group's rule, content/groups.ts).
const newSolution = { href: '/ai-journey' };
const newStaffing = { icon: solutions.staffing[0].icon };
const newCapability = { icon: solutions.ai_capabilities[0].icon, href: '/ai-journey' };

/**
 * The AI solutions as an index: a row each under a hairline, its number,
 * its name set large, its sentence and the way to its page; the whole row
 * is the link.
 */
function AiSolutions() {
  return (
    <ContentList
      as="ol"
      group="ai_solutions"
      items={solutions.ai_solutions}
      template={newSolution}
      controls="above"
      className="mt-14 border-b border-slate-300"
      itemClassName={`group relative border-t border-slate-300 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand ${editableAboveLink}`}
    >
      {(s, i) => (
        <div className="grid grid-cols-[2.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 py-8 transition-colors group-hover:bg-white sm:grid-cols-[4rem_minmax(0,1fr)] lg:grid-cols-[4rem_minmax(0,5fr)_minmax(0,6fr)_auto] lg:items-baseline lg:gap-x-8 lg:px-4">
          <Ordinal n={i + 1} />
          <h3 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
            <Link to={s.href} className="after:absolute after:inset-0 focus-visible:outline-none">
              <EditableText contentKey="title" fallback={s.title} />
            </Link>
          </h3>
          <EditableText as="p" contentKey="description" fallback={s.description} multiline className="col-start-2 leading-7 text-slate-600 lg:col-start-auto" />
          <p className="col-start-2 inline-flex items-center gap-1 text-sm font-semibold whitespace-nowrap text-brand lg:col-start-auto" aria-hidden="true">
            <EditableText section="solutions" contentKey="learn_more" fallback={solutions.learn_more} />{' '}
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
          </p>
        </div>
      )}
    </ContentList>
  );
}

/** The staffing models, two by two: an icon, a name and a sentence each, under a hairline. */
function Staffing() {
  return (
    <ContentList
      group="staffing"
      items={solutions.staffing}
      template={newStaffing}
      controls="above"
      className="grid gap-x-10 gap-y-8 sm:grid-cols-2"
      itemClassName="flex gap-4 border-t border-slate-300 pt-6"
    >
      {(s) => (
        <>
          <s.icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
          <div>
            <TitledText item={s} as="h4" titleClass="font-semibold text-ink" textClass="mt-1 text-sm leading-6 text-slate-600" />
          </div>
        </>
      )}
    </ContentList>
  );
}

/** The two capabilities of the dark band, side by side from 768 px, each under a hairline. */
function AiCapabilities() {
  return (
    <ContentList
      group="ai_capabilities"
      items={solutions.ai_capabilities}
      template={newCapability}
      controls="above"
      className="mt-14 grid gap-x-12 gap-y-10 md:grid-cols-2"
      itemClassName="border-t border-white/20 pt-8"
    >
      {(c) => (
        <>
          <c.icon aria-hidden="true" className="size-8 text-brand-300" />
          <h4 className="mt-5 text-2xl font-semibold tracking-tight">
            <Link to={c.href} className="hover:underline">
              <EditableText contentKey="title" fallback={c.title} />
            </Link>
          </h4>
          <EditableText as="p" contentKey="description" fallback={c.description} multiline className="mt-3 max-w-lg text-lg leading-8 text-slate-300" />
        </>
      )}
    </ContentList>
  );
}

/**
 * The solutions: an index of the AI solutions, the staffing models beside
 * their heading, then the advanced capabilities on a dark band of the whole
 * width. `#solutions` is the first band.
 */
export function SolutionsSection() {
  return (
    <ContentSection id="solutions">
      <Section id="solutions" tone="muted" aria-labelledby="solutions-title">
        <SectionHeading
          eyebrow={solutions.eyebrow}
          id="solutions-title"
          title={<EditableText contentKey="main_title" fallback={solutions.main_title} />}
          description={<EditableText as="p" contentKey="main_description" fallback={solutions.main_description} multiline />}
          align="left"
        />
        <AiSolutions />

        <SplitLayout
          className="mt-24"
          aside={
            <>
              <EditableText as="h3" contentKey="staffing_title" fallback={solutions.staffing_title} className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl" />
              <EditableText as="p" contentKey="staffing_description" fallback={solutions.staffing_description} multiline className="mt-4 max-w-md leading-7 text-slate-600" />
            </>
          }
        >
          <Staffing />
        </SplitLayout>
      </Section>
      <Section tone="dark" aria-labelledby="ai-capabilities-title" className="relative isolate overflow-hidden">
        <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10 opacity-60" />
        <div className="max-w-2xl">
          <EditableText
            as="h3"
            id="ai-capabilities-title"
            contentKey="ai_capabilities_title"
            fallback={solutions.ai_capabilities_title}
            className="text-3xl font-semibold tracking-tight sm:text-4xl"
          />
          <EditableText as="p" contentKey="ai_capabilities_description" fallback={solutions.ai_capabilities_description} multiline className="mt-4 text-lg leading-8 text-slate-300" />
        </div>
        <AiCapabilities />
      </Section>
    </ContentSection>
  );
}
