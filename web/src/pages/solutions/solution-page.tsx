import { Cpu } from 'lucide-react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureGrid, ImpactGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import type { SolutionPageContent } from '@/content/solutions';

/** The layout every solution page shares; the content decides which blocks appear. */
export function SolutionPage({ content: c }: { content: SolutionPageContent }) {
  return (
    <>
      <PageHero {...c.hero} />
      <Section aria-labelledby="capabilities-title">
        <SectionHeading id="capabilities-title" eyebrow="What we do" title={c.capabilitiesTitle} />
        <FeatureGrid items={c.capabilities} />
      </Section>
      <Section tone="muted" aria-labelledby="applications-title">
        <SectionHeading id="applications-title" eyebrow="Where it pays off" title={c.applicationsTitle} />
        <ImpactGrid items={c.applications} />
      </Section>
      {c.industries && (
        <Section aria-labelledby="industries-title">
          <SectionHeading id="industries-title" eyebrow="Industries" title={c.industries.title} />
          <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {c.industries.items.map((i) => (
              <li key={i.name} className="rounded-2xl border border-slate-200 p-6">
                <h3 className="font-semibold text-ink">{i.name}</h3>
                <p className="mt-2 text-slate-600">{i.description}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {c.stack && (
        <Section tone="dark" aria-labelledby="stack-title">
          <SectionHeading id="stack-title" eyebrow="Technology" title={c.stack.title} description={c.stack.lead} dark />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {c.stack.frameworks.map((f) => (
              <li key={f.name} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
                <h3 className="text-lg font-semibold text-white">{f.name}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-300">{f.description}</p>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-white/10 p-6 ring-1 ring-white/15 sm:flex-row sm:items-center">
            <Cpu aria-hidden="true" className="size-10 shrink-0 text-blue-300" />
            <div>
              <h3 className="text-lg font-semibold text-white">{c.stack.platform.name}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-300">{c.stack.platform.description}</p>
            </div>
          </div>
        </Section>
      )}
      <CtaBanner {...c.cta} />
    </>
  );
}
