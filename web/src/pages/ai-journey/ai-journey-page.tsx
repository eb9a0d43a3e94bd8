import { ArrowDown, CheckCircle2, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { Button } from '@/components/ui/button';
import { Card, IconBadge } from '@/components/ui/card';
import { journey } from '@/content/ai-journey';
import { LeadForm } from '@/features/leads/components/lead-form';
import { journeyInterests } from '@/features/leads/lead-choices';

function ThankYou({ onAgain }: { onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="py-8 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-emerald-600" />
      <h3 ref={heading} tabIndex={-1} className="mt-6 text-3xl font-bold tracking-tight text-ink focus:outline-none">
        {journey.thankYou.title}
      </h3>
      <p className="mx-auto mt-4 max-w-md text-lg leading-8 text-slate-600">{journey.thankYou.text}</p>
      <Button type="button" variant="secondary" size="lg" className="mt-8" onClick={onAgain}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {journey.thankYou.again}
      </Button>
    </div>
  );
}

export function AiJourneyPage() {
  const [sent, setSent] = useState(false);
  return (
    <>
      <PageHero {...journey.hero}>
        <div className="mt-10">
          <Button asChild size="lg" variant="inverse">
            <a href="#contact">
              Book my free consultation
              <ArrowDown aria-hidden="true" className="size-4" />
            </a>
          </Button>
        </div>
      </PageHero>
      <Section aria-labelledby="journey-benefits-title">
        <SectionHeading id="journey-benefits-title" eyebrow="Why talk to us" title={journey.benefitsTitle} />
        <FeatureGrid items={journey.benefits} />
      </Section>
      <Section tone="muted" aria-labelledby="journey-solutions-title">
        <SectionHeading id="journey-solutions-title" eyebrow="Solutions" title={journey.solutionsTitle} />
        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {journey.solutions.map((s) => (
            <li key={s.title}>
              <Card className="flex h-full gap-5">
                <IconBadge icon={s.icon} className="shrink-0" />
                <div>
                  <h3 className="text-lg font-semibold text-ink">{s.title}</h3>
                  <p className="mt-2 leading-7 text-slate-600">{s.description}</p>
                  <p className="mt-4 text-sm font-semibold text-emerald-700">{s.impact}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section aria-labelledby="process-title">
        <SectionHeading id="process-title" eyebrow="Process" title={journey.processTitle} />
        <ol className="mt-14 grid gap-8 md:grid-cols-2 lg:grid-cols-4">
          {journey.process.map((step, i) => (
            <li key={step.title} className="relative border-t-2 border-brand pt-6">
              <span className="text-sm font-semibold text-brand">Step {i + 1}</span>
              <h3 className="mt-2 text-lg font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="contact" tone="muted" aria-labelledby="journey-form-title">
        <div className="mx-auto max-w-3xl">
          <SectionHeading id="journey-form-title" eyebrow="Free consultation" title={journey.formTitle} description={journey.formDescription} />
          <div className="mt-12 rounded-3xl border border-slate-200 bg-white p-6 shadow-lg sm:p-10">
            {sent ? (
              <ThankYou onAgain={() => setSent(false)} />
            ) : (
              <LeadForm
                idPrefix="journey"
                interests={journeyInterests}
                submitLabel="Request Free Consultation"
                onSuccess={() => setSent(true)}
              />
            )}
          </div>
        </div>
      </Section>
    </>
  );
}
