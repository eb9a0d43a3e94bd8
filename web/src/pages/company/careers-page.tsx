import { Briefcase, DollarSign, MapPin } from 'lucide-react';
import { ContentBand } from '@/components/marketing/content-band';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Button } from '@/components/ui/button';
import { careers, jobTemplate, type Job } from '@/content/careers';
import { ContentList, useStoredText } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { CareersArt } from '@/pages/company/careers-art';

function JobCard({ job }: { job: Job }) {
  // The mail subject and the screen-reader suffix name the position as shown.
  const title = useStoredText('title', job.title);
  return (
    <article className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:flex-row md:items-center md:justify-between">
      <div>
        <EditableText as="h3" contentKey="title" fallback={job.title} className="text-lg font-semibold text-ink" />
        <EditableText as="p" contentKey="description" fallback={job.description} multiline className="mt-2 max-w-xl text-sm leading-6 text-slate-600" />
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
          <li className="flex items-center gap-1.5">
            <Briefcase aria-hidden="true" className="size-4 text-slate-500" />
            <span>
              <EditableText contentKey="department" fallback={job.department} /> · <EditableText contentKey="type" fallback={job.type} />
            </span>
          </li>
          <li className="flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 text-slate-500" />
            <EditableText contentKey="location" fallback={job.location} />
          </li>
          <li className="flex items-center gap-1.5">
            <DollarSign aria-hidden="true" className="size-4 text-slate-500" />
            <EditableText contentKey="salary" fallback={job.salary} />
          </li>
        </ul>
      </div>
      <Button asChild className="shrink-0">
        <a href={`mailto:${careers.applyEmail}?subject=${encodeURIComponent(`Application: ${title}`)}`}>
          <EditableText section="careers.jobs" contentKey="apply" fallback={careers.jobs.apply} />
          <span className="sr-only"> for {title}</span>
        </a>
      </Button>
    </article>
  );
}

function Jobs() {
  return (
    <ContentList group="items" items={careers.jobs.items} template={jobTemplate} className="mx-auto mt-14 max-w-5xl space-y-4">
      {(j) => <JobCard job={j} />}
    </ContentList>
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
        <Jobs />
      </ContentBand>
      <CtaBanner section="careers.cta" {...cta} />
    </>
  );
}
