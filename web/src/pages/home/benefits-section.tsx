import { CheckCircle2 } from 'lucide-react';
import { StatGrid } from '@/components/marketing/feature-grid';
import { Section, SectionHeading } from '@/components/marketing/section';
import { benefits } from '@/content/home';
import { EditableText } from '@/features/editable-text/editable-text';

export function BenefitsSection() {
  return (
    <Section id="benefits" aria-labelledby="benefits-title">
      <SectionHeading
        eyebrow={benefits.eyebrow}
        id="benefits-title"
        title={<EditableText section="benefits" contentKey="title" fallback={benefits.title} />}
        description={<EditableText as="p" section="benefits" contentKey="description" fallback={benefits.description} multiline />}
      />
      <StatGrid items={benefits.stats} />
      <ul className="mt-16 grid gap-8 border-t border-slate-200 pt-12 md:grid-cols-3">
        {benefits.points.map((p) => (
          <li key={p.title} className="flex gap-4">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
            <div>
              <h3 className="font-semibold text-ink">{p.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{p.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
