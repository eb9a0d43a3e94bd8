import { Briefcase, DollarSign, MapPin } from 'lucide-react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { Button } from '@/components/ui/button';
import { careers } from '@/content/careers';

export function CareersPage() {
  return (
    <>
      <PageHero {...careers.hero} actions={false} />
      <Section aria-labelledby="perks-title">
        <SectionHeading id="perks-title" eyebrow="Life here" title={careers.perksTitle} />
        <FeatureGrid items={careers.perks} />
      </Section>
      <Section tone="muted" aria-labelledby="jobs-title">
        <SectionHeading id="jobs-title" eyebrow="Join us" title={careers.jobsTitle} />
        <ul className="mx-auto mt-14 max-w-5xl space-y-4">
          {careers.jobs.map((j) => (
            <li key={j.title}>
              <article className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:flex-row md:items-center md:justify-between">
                <div>
                  <h3 className="text-lg font-semibold text-ink">{j.title}</h3>
                  <p className="mt-2 max-w-xl text-sm leading-6 text-slate-600">{j.description}</p>
                  <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
                    <li className="flex items-center gap-1.5">
                      <Briefcase aria-hidden="true" className="size-4 text-slate-500" />
                      {j.department} · {j.type}
                    </li>
                    <li className="flex items-center gap-1.5">
                      <MapPin aria-hidden="true" className="size-4 text-slate-500" />
                      {j.location}
                    </li>
                    <li className="flex items-center gap-1.5">
                      <DollarSign aria-hidden="true" className="size-4 text-slate-500" />
                      {j.salary}
                    </li>
                  </ul>
                </div>
                <Button asChild className="shrink-0">
                  <a href={`mailto:${careers.applyEmail}?subject=${encodeURIComponent(`Application: ${j.title}`)}`}>
                    Apply Now<span className="sr-only"> for {j.title}</span>
                  </a>
                </Button>
              </article>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBanner {...careers.cta} />
    </>
  );
}
