import { Section, SectionHeading } from '@/components/marketing/section';
import { Card, IconBadge } from '@/components/ui/card';
import { vision } from '@/content/home';
import { EditableText } from '@/features/editable-text/editable-text';

export function VisionSection() {
  return (
    <Section aria-labelledby="vision-title">
      <SectionHeading
        eyebrow={vision.eyebrow}
        id="vision-title"
        title={<EditableText section="vision" contentKey="title" fallback={vision.title} />}
        description={<EditableText as="p" section="vision" contentKey="description" fallback={vision.description} multiline />}
      />
      <ul className="mt-14 grid gap-6 lg:grid-cols-3">
        {vision.cards.map((c) => (
          <li key={c.title}>
            <Card className="h-full">
              <IconBadge icon={c.icon} />
              <h3 className="mt-6 text-lg font-semibold text-ink">{c.title}</h3>
              <p className="mt-3 leading-7 text-slate-600">{c.description}</p>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
