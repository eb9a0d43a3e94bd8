import { CheckCircle2 } from 'lucide-react';
import { SplitLayout } from '@/components/marketing/editorial';
import { StatGrid } from '@/components/marketing/feature-grid';
import { Section, SectionHeading } from '@/components/marketing/section';
import { benefits } from '@/content/home';
import { ContentList, ContentSection } from '@/features/editable-text/content-scope';
import { TitledText } from '@/features/editable-text/editable-text';


function BenefitPoints() {
  return (
    <ContentList group="points" items={benefits.points} controls="above" className="mt-16 grid gap-8 border-t border-slate-200 pt-12 md:grid-cols-3" itemClassName="flex gap-4">
      {(p) => (
        <>
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
          <div>
            <TitledText item={p} titleClass="font-semibold text-ink" textClass="mt-2 leading-7 text-slate-600" />
          </div>
        </>
      )}
    </ContentList>
  );
}

export function BenefitsSection() {
  return (
    <ContentSection id="benefits">
      <Section id="benefits" aria-labelledby="benefits-title">
        <SplitLayout aside={<SectionHeading eyebrow={benefits.eyebrow} id="benefits-title" title={benefits.title} description={benefits.description} align="left" />}>
          <StatGrid items={benefits.stats} group="stats" large />
        </SplitLayout>
        <BenefitPoints />
      </Section>
    </ContentSection>
  );
}
