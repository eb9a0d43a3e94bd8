import { ArrowRight, Briefcase, DollarSign, MapPin } from 'lucide-react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { NumberedList, SplitLayout } from '@/components/marketing/editorial';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { Button } from '@/components/ui/button';
import { careers } from '@/content/careers';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import type { PublicPosition } from '@/lib/api-types';
import { employmentLabel, placeLabel, positionPath, salaryLabel } from '@/lib/positions';
import { useSiteData } from '@/lib/site-data-context';
import { CareersArt } from '@/pages/company/careers-art';

/** What the list and a position's page say of it: department and kind, place, salary. */
export function PositionFacts({ position: p, className }: { position: PublicPosition; className?: string }) {
  const salary = salaryLabel(p);
  return (
    <ul className={className ?? 'mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700'}>
      <li className="flex items-center gap-1.5">
        <Briefcase aria-hidden="true" className="size-4 text-slate-500" />
        <span>
          {p.department} · {employmentLabel(p.employmentType)}
        </span>
      </li>
      <li className="flex items-center gap-1.5">
        <MapPin aria-hidden="true" className="size-4 text-slate-500" />
        {placeLabel(p)}
      </li>
      {salary && (
        <li className="flex items-center gap-1.5">
          <DollarSign aria-hidden="true" className="size-4 text-slate-500" />
          {salary}
        </li>
      )}
    </ul>
  );
}

/**
 * A position as a row of the index: its title set large (the link to its
 * page, over the whole row), its summary and facts, and the button to apply,
 * raised above the row's link.
 */
function JobRow({ position: p }: { position: PublicPosition }) {
  return (
    <li className="group relative border-t border-slate-300 transition-colors hover:bg-white">
      <article className="grid gap-6 py-8 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-10 md:px-4 lg:py-10">
        {/* The position's own texts, edited in the admin's Positions section. */}
        <div data-position>
          <h3 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
            <a href={positionPath(p.slug)} className="after:absolute after:inset-0 group-hover:text-brand">
              {p.title}
            </a>
          </h3>
          <p className="mt-3 max-w-2xl leading-7 text-slate-600">{p.summary}</p>
          <PositionFacts position={p} className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700" />
        </div>
        <Button asChild className="relative z-10 w-fit shrink-0">
          <a href={`${positionPath(p.slug)}#apply`}>
            <EditableText section="careers.jobs" contentKey="apply" fallback={careers.jobs.apply} />
            <span className="sr-only"> for {p.title}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </a>
        </Button>
      </article>
    </li>
  );
}

/** The open positions, in their order (the admin's Careers tab): an index of rows under hairlines. */
export function OpenPositions() {
  const open = useSiteData().careers?.open ?? [];
  if (open.length === 0) {
    return <EditableText as="p" section="careers.jobs" contentKey="none" fallback={careers.jobs.none} className="mt-14 border-t border-slate-300 pt-8 text-lg text-slate-600" />;
  }
  return (
    <ul className="mt-14 border-b border-slate-300">
      {open.map((p) => (
        <JobRow key={p.slug} position={p} />
      ))}
    </ul>
  );
}

/**
 * /careers: the hero with its drawing on the left; why work here, a numbered
 * list beside its heading; the open positions as an index on the muted
 * ground; the call to action.
 */
export function CareersPage() {
  const { hero, perks, jobs, cta } = careers;
  return (
    <>
      <PageHero section="careers.hero" {...hero} actions={false} art={<CareersArt />} layout="flip" />
      <ContentSection id="careers.perks">
        <Section aria-labelledby="perks-title">
          <SplitLayout aside={<SectionHeading id="perks-title" eyebrow={perks.eyebrow} title={perks.title} align="left" />}>
            <NumberedList items={perks.items} />
          </SplitLayout>
        </Section>
      </ContentSection>
      <ContentSection id="careers.jobs">
        <Section tone="muted" aria-labelledby="jobs-title">
          <SectionHeading id="jobs-title" eyebrow={jobs.eyebrow} title={jobs.title} align="left" />
          <OpenPositions />
        </Section>
      </ContentSection>
      <CtaBanner section="careers.cta" {...cta} />
    </>
  );
}
