import { NumberedList, SplitLayout } from '@/components/marketing/editorial';
import { Section, SectionHeading } from '@/components/marketing/section';
import { vision } from '@/content/home';
import { ContentSection } from '@/features/editable-text/content-scope';

/** What the firm stands for: the heading on the left, its three points numbered on the right. */
export function VisionSection() {
  return (
    <ContentSection id="vision">
      <Section aria-labelledby="vision-title">
        <SplitLayout aside={<SectionHeading eyebrow={vision.eyebrow} id="vision-title" title={vision.title} description={vision.description} align="left" />}>
          <NumberedList items={vision.cards} group="cards" />
        </SplitLayout>
      </Section>
    </ContentSection>
  );
}
