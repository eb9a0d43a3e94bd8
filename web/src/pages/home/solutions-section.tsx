import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Section, SectionHeading } from '@/components/marketing/section';
import { Card, IconBadge } from '@/components/ui/card';
import { solutions } from '@/content/home';
import { EditableText } from '@/features/editable-text/editable-text';

type LinkedCard = (typeof solutions.ai)[number];

function SolutionCard({ item }: { item: LinkedCard }) {
  return (
    <Card className="group relative h-full">
      <IconBadge icon={item.icon} />
      <h3 className="mt-6 text-lg font-semibold text-ink">
        <Link to={item.href} className="after:absolute after:inset-0 focus-visible:outline-none">
          {item.title}
        </Link>
      </h3>
      <p className="mt-3 leading-7 text-slate-600">{item.description}</p>
      <p className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand" aria-hidden="true">
        Learn more <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
      </p>
    </Card>
  );
}

export function SolutionsSection() {
  return (
    <Section id="solutions" tone="muted" aria-labelledby="solutions-title">
      <SectionHeading
        eyebrow={solutions.eyebrow}
        id="solutions-title"
        title={<EditableText section="solutions" contentKey="main_title" fallback={solutions.mainTitle} />}
        description={
          <EditableText as="p" section="solutions" contentKey="main_description" fallback={solutions.mainDescription} multiline />
        }
      />
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {solutions.ai.map((s) => (
          <li key={s.title} className="focus-within:rounded-2xl focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand">
            <SolutionCard item={s} />
          </li>
        ))}
      </ul>

      <div className="mt-20 grid gap-10 lg:grid-cols-3">
        <div>
          <EditableText
            as="h3"
            section="solutions"
            contentKey="staffing_title"
            fallback={solutions.staffingTitle}
            className="text-2xl font-bold tracking-tight text-ink"
          />
          <EditableText
            as="p"
            section="solutions"
            contentKey="staffing_description"
            fallback={solutions.staffingDescription}
            multiline
            className="mt-4 leading-7 text-slate-600"
          />
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:col-span-2">
          {solutions.staffing.map((s) => (
            <li key={s.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5">
              <IconBadge icon={s.icon} size="sm" className="shrink-0" />
              <div>
                <h4 className="font-semibold text-ink">{s.title}</h4>
                <p className="mt-1 text-sm leading-6 text-slate-600">{s.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>

      <div className="mt-20 rounded-3xl bg-ink p-8 text-white sm:p-12">
        <div className="max-w-2xl">
          <EditableText
            as="h3"
            section="solutions"
            contentKey="ai_capabilities_title"
            fallback={solutions.capabilitiesTitle}
            className="text-2xl font-bold tracking-tight"
          />
          <EditableText
            as="p"
            section="solutions"
            contentKey="ai_capabilities_description"
            fallback={solutions.capabilitiesDescription}
            multiline
            className="mt-4 leading-7 text-slate-300"
          />
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {solutions.capabilities.map((c) => (
            <li key={c.title} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
              <c.icon aria-hidden="true" className="size-7 text-blue-300" />
              <h4 className="mt-4 text-lg font-semibold">
                <Link to={c.href} className="hover:underline">
                  {c.title}
                </Link>
              </h4>
              <p className="mt-2 leading-7 text-slate-300">{c.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
