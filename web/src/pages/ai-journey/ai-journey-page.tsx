import { ArrowDown } from 'lucide-react';
import { ContentBand } from '@/components/marketing/content-band';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section, SectionHeading } from '@/components/marketing/section';
import { Button } from '@/components/ui/button';
import { Card, IconBadge } from '@/components/ui/card';
import { journey, type Solution } from '@/content/ai-journey';
import { consultation } from '@/content/shared';
import { ContentItem, ContentList, ContentSection, useContentGroup } from '@/features/editable-text/content-scope';
import { EditableText, TitledText } from '@/features/editable-text/editable-text';
import { LeadForm } from '@/features/leads/components/lead-form';
import { journeyInterests } from '@/lib/api-contracts';
import { JourneyArt } from '@/pages/ai-journey/journey-art';

const newSolution: Partial<Solution> = { icon: journey.solutions.items[0].icon };

function Solutions() {
  return (
    <ContentList group="items" items={journey.solutions.items} template={newSolution} className="mt-14 grid gap-6 md:grid-cols-2">
      {(s) => (
        <Card className="flex h-full gap-5">
          <IconBadge icon={s.icon} className="shrink-0" />
          <div>
            <TitledText item={s} titleClass="text-lg font-semibold text-ink" textClass="mt-2 leading-7 text-slate-600" />
            <EditableText as="p" contentKey="impact" fallback={s.impact} className="mt-4 text-sm font-semibold text-emerald-700" />
          </div>
        </Card>
      )}
    </ContentList>
  );
}

function Steps() {
  const shown = useContentGroup('items', journey.process.items);
  return (
    <ol className="mt-14 grid gap-8 md:grid-cols-2 lg:grid-cols-4">
      {shown.map((step, i) => (
        <li key={step.id} className="relative border-t-2 border-brand pt-6">
          <span className="text-sm font-semibold text-brand">
            <EditableText section="ai-journey.process" contentKey="stepLabel" fallback={journey.process.stepLabel} /> {i + 1}
          </span>
          <ContentItem group="items" id={step.id} items={shown}>
            <TitledText item={step} titleClass="mt-2 text-lg font-semibold text-ink" textClass="mt-2 leading-7 text-slate-600" />
          </ContentItem>
        </li>
      ))}
    </ol>
  );
}

export function AiJourneyPage() {
  const { hero, benefits, solutions, process, form } = journey;
  return (
    <>
      <ContentSection id="ai-journey.hero">
        <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} art={<JourneyArt />}>
          <div className="mt-10">
            <Button asChild size="lg" variant="inverse">
              <a href="#contact">
                <EditableText section="shared.consultation" contentKey="label" fallback={consultation.label} />
                <ArrowDown aria-hidden="true" className="size-4" />
              </a>
            </Button>
          </div>
        </PageHero>
      </ContentSection>
      <ContentBand section="ai-journey.benefits" titleId="journey-benefits-title" eyebrow={benefits.eyebrow} title={benefits.title}>
        <FeatureGrid items={benefits.items} />
      </ContentBand>
      <ContentBand section="ai-journey.solutions" titleId="journey-solutions-title" tone="muted" eyebrow={solutions.eyebrow} title={solutions.title}>
        <Solutions />
      </ContentBand>
      <ContentBand section="ai-journey.process" titleId="process-title" eyebrow={process.eyebrow} title={process.title}>
        <Steps />
      </ContentBand>
      <ContentSection id="ai-journey.form">
        <Section id="contact" tone="muted" aria-labelledby="journey-form-title">
          <div className="mx-auto max-w-3xl">
            <SectionHeading id="journey-form-title" eyebrow={form.eyebrow} title={form.title} description={form.description} />
            <div className="mt-12 rounded-3xl border border-slate-200 bg-white p-6 shadow-lg sm:p-10">
              <LeadForm
                idPrefix="journey"
                interests={journeyInterests}
                submitLabel={<EditableText section="shared.consultation" contentKey="label" fallback={consultation.label} />}
                consent={<EditableText contentKey="consent" fallback={form.consent} />}
                consentLink={<EditableText contentKey="consent_link" fallback={form.consent_link} />}
              />
            </div>
          </div>
        </Section>
      </ContentSection>
    </>
  );
}
