import { CheckCircle2, Clock, TrendingUp } from 'lucide-react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { StatGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { caseStudiesPage as page } from '@/content/case-studies';

export function CaseStudiesPage() {
  return (
    <>
      <PageHero {...page.hero} actions={false} />
      <Section aria-label="Case studies">
        <ul className="grid gap-8 lg:grid-cols-2">
          {page.studies.map((s) => (
            <li key={s.title}>
              <article className="flex h-full flex-col rounded-3xl border border-slate-200 bg-white p-8 shadow-sm">
                <p className="text-sm font-semibold tracking-widest text-brand uppercase">{s.industry}</p>
                <h2 className="mt-3 text-2xl font-bold tracking-tight text-ink">{s.title}</h2>
                <dl className="mt-6 grid grid-cols-2 gap-4">
                  <div className="rounded-xl bg-emerald-50 p-4">
                    <dt className="flex items-center gap-1.5 text-sm text-emerald-800">
                      <TrendingUp aria-hidden="true" className="size-4" /> ROI
                    </dt>
                    <dd className="mt-1 text-2xl font-bold text-emerald-800">{s.roi}</dd>
                  </div>
                  <div className="rounded-xl bg-slate-100 p-4">
                    <dt className="flex items-center gap-1.5 text-sm text-slate-700">
                      <Clock aria-hidden="true" className="size-4" /> Timeline
                    </dt>
                    <dd className="mt-1 text-2xl font-bold text-ink">{s.timeline}</dd>
                  </div>
                </dl>
                <h3 className="mt-6 font-semibold text-ink">Challenge</h3>
                <p className="mt-1 leading-7 text-slate-600">{s.challenge}</p>
                <h3 className="mt-4 font-semibold text-ink">Solution</h3>
                <p className="mt-1 leading-7 text-slate-600">{s.solution}</p>
                <h3 className="mt-4 font-semibold text-ink">Results</h3>
                <ul className="mt-2 flex-1 space-y-2">
                  {s.results.map((r) => (
                    <li key={r} className="flex gap-2 text-slate-800">
                      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                      {r}
                    </li>
                  ))}
                </ul>
                <ul className="mt-6 flex flex-wrap gap-2 border-t border-slate-100 pt-6" aria-label="Technologies">
                  {s.technologies.map((t) => (
                    <li key={t} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
                      {t}
                    </li>
                  ))}
                </ul>
              </article>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="dark" aria-labelledby="track-record-title">
        <SectionHeading id="track-record-title" eyebrow="Track record" title={page.trackRecordTitle} dark />
        <StatGrid items={page.trackRecord} dark />
      </Section>
      <CtaBanner {...page.cta} />
    </>
  );
}
