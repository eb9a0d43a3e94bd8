import { Briefcase, DollarSign, MapPin } from 'lucide-react';
import { ContentBand } from '@/components/marketing/content-band';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Button } from '@/components/ui/button';
import { careers } from '@/content/careers';
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

function JobCard({ position: p }: { position: PublicPosition }) {
  return (
    <article className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:flex-row md:items-center md:justify-between">
      {/* The position's own texts, edited in the admin's Positions section. */}
      <div data-position>
        <h3 className="text-lg font-semibold text-ink">
          <a href={positionPath(p.slug)} className="hover:text-brand">
            {p.title}
          </a>
        </h3>
        <p className="mt-2 max-w-xl text-sm leading-6 text-slate-600">{p.summary}</p>
        <PositionFacts position={p} />
      </div>
      <Button asChild className="shrink-0">
        <a href={`${positionPath(p.slug)}#apply`}>
          <EditableText section="careers.jobs" contentKey="apply" fallback={careers.jobs.apply} />
          <span className="sr-only"> for {p.title}</span>
        </a>
      </Button>
    </article>
  );
}

/** The open positions, in their order (the admin's Careers tab). */
export function OpenPositions() {
  const open = useSiteData().careers?.open ?? [];
  if (open.length === 0) {
    return <EditableText as="p" section="careers.jobs" contentKey="none" fallback={careers.jobs.none} className="mx-auto mt-14 max-w-5xl text-center text-slate-600" />;
  }
  return (
    <div className="mx-auto mt-14 max-w-5xl space-y-4">
      {open.map((p) => (
        <JobCard key={p.slug} position={p} />
      ))}
    </div>
  );
}

export function CareersPage() {
  const { hero, perks, jobs, cta } = careers;
  return (
    <>
      <PageHero section="careers.hero" {...hero} actions={false} art={<CareersArt />} />
      <ContentBand section="careers.perks" titleId="perks-title" eyebrow={perks.eyebrow} title={perks.title}>
        <FeatureGrid items={perks.items} />
      </ContentBand>
      <ContentBand section="careers.jobs" titleId="jobs-title" tone="muted" eyebrow={jobs.eyebrow} title={jobs.title}>
        <OpenPositions />
      </ContentBand>
      <CtaBanner section="careers.cta" {...cta} />
    </>
  );
}
