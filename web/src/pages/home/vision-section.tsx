import { Section, SectionHeading } from '@/components/marketing/section';
import { Card, IconBadge } from '@/components/ui/card';
import { vision } from '@/content/home';
import { ContentItem, ContentSection, useContentGroup } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';

function VisionCards() {
  const cards = useContentGroup('cards', vision.cards, { icon: vision.cards[0].icon, title: 'New card', description: 'Describe it here.' });
  return (
    <ul className="mt-14 grid gap-6 lg:grid-cols-3">
      {cards.map((c) => (
        <li key={c.id}>
          <ContentItem group="cards" id={c.id} items={cards}>
            <Card className="h-full">
              <IconBadge icon={c.icon} />
              <EditableText as="h3" contentKey="title" fallback={c.title} className="mt-6 text-lg font-semibold text-ink" />
              <EditableText as="p" contentKey="description" fallback={c.description} multiline className="mt-3 leading-7 text-slate-600" />
            </Card>
          </ContentItem>
        </li>
      ))}
    </ul>
  );
}

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
        <VisionCards />
      </Section>
    </ContentSection>
  );
}
