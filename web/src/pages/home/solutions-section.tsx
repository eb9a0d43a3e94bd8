import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Section, SectionHeading } from '@/components/marketing/section';
import { Card, IconBadge } from '@/components/ui/card';
import { solutions, type LinkedFeature } from '@/content/home';
import { ContentList, ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';

// The link of a solution card covers the whole card; in edit mode its texts
// (marked data-editable) are lifted above it, so a click edits them.
const editableAboveLink = '[&_[data-editable]]:relative [&_[data-editable]]:z-10';

function SolutionCard({ item }: { item: LinkedFeature }) {
  return (
    <Card className={`group relative h-full ${editableAboveLink}`}>
      <IconBadge icon={item.icon} />
      <h3 className="mt-6 text-lg font-semibold text-ink">
        <Link to={item.href} className="after:absolute after:inset-0 focus-visible:outline-none">
          <EditableText contentKey="title" fallback={item.title} />
        </Link>
      </h3>
      <EditableText as="p" contentKey="description" fallback={item.description} multiline className="mt-3 leading-7 text-slate-600" />
      <p className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand" aria-hidden="true">
        <EditableText section="solutions" contentKey="learn_more" fallback={solutions.learn_more} />{' '}
        <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
      </p>
    </Card>
  );
}

const newSolution = { icon: solutions.ai_solutions[0].icon, href: '/ai-journey' };
const newStaffing = { icon: solutions.staffing[0].icon };
const newCapability = { icon: solutions.ai_capabilities[0].icon, href: '/ai-journey' };

function AiSolutions() {
  return (
    <ContentList
      group="ai_solutions"
      items={solutions.ai_solutions}
      template={newSolution}
      className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
      itemClassName="focus-within:rounded-2xl focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand"
    >
      {(s) => <SolutionCard item={s} />}
    </ContentList>
  );
}

function Staffing() {
  return (
    <ContentList group="staffing" items={solutions.staffing} template={newStaffing} className="grid gap-4 sm:grid-cols-2 lg:col-span-2" itemClassName="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5">
      {(s) => (
        <>
          <IconBadge icon={s.icon} size="sm" className="shrink-0" />
          <div>
            <EditableText as="h4" contentKey="title" fallback={s.title} className="font-semibold text-ink" />
            <EditableText as="p" contentKey="description" fallback={s.description} multiline className="mt-1 text-sm leading-6 text-slate-600" />
          </div>
        </>
      )}
    </ContentList>
  );
}

function AiCapabilities() {
  return (
    <ContentList group="ai_capabilities" items={solutions.ai_capabilities} template={newCapability} className="mt-10 grid gap-6 md:grid-cols-2" itemClassName="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
      {(c) => (
        <>
          <c.icon aria-hidden="true" className="size-7 text-brand-300" />
          <h4 className="mt-4 text-lg font-semibold">
            <Link to={c.href} className="hover:underline">
              <EditableText contentKey="title" fallback={c.title} />
            </Link>
          </h4>
          <EditableText as="p" contentKey="description" fallback={c.description} multiline className="mt-2 leading-7 text-slate-300" />
        </>
      )}
    </ContentList>
  );
}

export function SolutionsSection() {
  return (
    <ContentSection id="solutions">
      <Section id="solutions" tone="muted" aria-labelledby="solutions-title">
        <SectionHeading
          eyebrow={solutions.eyebrow}
          id="solutions-title"
          title={<EditableText contentKey="main_title" fallback={solutions.main_title} />}
          description={<EditableText as="p" contentKey="main_description" fallback={solutions.main_description} multiline />}
        />
        <AiSolutions />

        <div className="mt-20 grid gap-10 lg:grid-cols-3">
          <div>
            <EditableText as="h3" contentKey="staffing_title" fallback={solutions.staffing_title} className="text-2xl font-bold tracking-tight text-ink" />
            <EditableText
              as="p"
              contentKey="staffing_description"
              fallback={solutions.staffing_description}
              multiline
              className="mt-4 leading-7 text-slate-600"
            />
          </div>
          <Staffing />
        </div>

        <div className="mt-20 rounded-3xl bg-ink p-8 text-white sm:p-12">
          <div className="max-w-2xl">
            <EditableText as="h3" contentKey="ai_capabilities_title" fallback={solutions.ai_capabilities_title} className="text-2xl font-bold tracking-tight" />
            <EditableText
              as="p"
              contentKey="ai_capabilities_description"
              fallback={solutions.ai_capabilities_description}
              multiline
              className="mt-4 leading-7 text-slate-300"
            />
          </div>
          <AiCapabilities />
        </div>
      </Section>
    </ContentSection>
  );
}
