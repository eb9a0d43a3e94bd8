import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureGrid, StatGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { about } from '@/content/about';

export function AboutPage() {
  return (
    <>
      <PageHero {...about.hero} />
      <Section aria-labelledby="mission-title">
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="mission-title" eyebrow="Mission" title={about.missionTitle} align="left" />
            {about.mission.map((p) => (
              <p key={p} className="mt-6 text-lg leading-8 text-slate-600">
                {p}
              </p>
            ))}
          </div>
          <img
            src={about.image.src}
            alt={about.image.alt}
            width={about.image.width}
            height={about.image.height}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-3xl shadow-xl ring-1 ring-slate-200"
          />
        </div>
      </Section>
      <Section tone="muted" aria-labelledby="values-title">
        <SectionHeading id="values-title" eyebrow="Values" title={about.valuesTitle} />
        <FeatureGrid items={about.values} />
      </Section>
      <Section tone="dark" aria-labelledby="stats-title">
        <SectionHeading id="stats-title" eyebrow="Scale" title={about.statsTitle} dark />
        <StatGrid items={about.stats} dark />
      </Section>
      <Section aria-labelledby="leaders-title">
        <SectionHeading id="leaders-title" eyebrow="Leadership" title={about.leadersTitle} />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {about.leaders.map((l) => (
            <li key={l.name} className="rounded-2xl border border-slate-200 p-6">
              <span
                aria-hidden="true"
                className="inline-flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-brand to-brand-strong text-xl font-bold text-white"
              >
                {l.initials}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-ink">{l.name}</h3>
              <p className="text-sm font-medium text-brand">{l.role}</p>
              <p className="mt-3 text-sm text-slate-700">
                <span className="font-semibold">Expertise: </span>
                {l.expertise}
              </p>
              <p className="mt-2 text-sm leading-6 text-slate-600">{l.background}</p>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBanner {...about.cta} />
    </>
  );
}
