import { FeatureGrid } from '@/components/marketing/feature-grid';
import { Section, SectionHeading } from '@/components/marketing/section';
import { vision } from '@/content/home';
import { ContentSection } from '@/features/editable-text/content-scope';

export function VisionSection() {
  return (
    <ContentSection id="vision">
      <Section aria-labelledby="vision-title">
        <SectionHeading
          eyebrow={vision.eyebrow}
          id="vision-title"
          title={vision.title}
          description={vision.description}
        />
        <FeatureGrid items={vision.cards} group="cards" columns={3} />
      </Section>
    </ContentSection>
  );
}
