import { CheckCircle2 } from 'lucide-react';
import { Section, SectionHeading } from '@/components/marketing/section';
import { contact } from '@/content/home';
import { consultation } from '@/content/shared';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { LeadForm } from '@/features/leads/components/lead-form';
import { landingInterests } from '@/lib/api-contracts';

export function ContactSection() {
  return (
    <ContentSection id="contact">
      <Section id="contact" tone="muted" aria-labelledby="contact-title">
        <div className="grid grid-cols-1 gap-12 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <SectionHeading align="left" id="contact-title" eyebrow={contact.eyebrow} title={contact.title} description={contact.description} />
            <ul className="mt-8 space-y-4">
              {contact.points.map((p, i) => (
                <li key={i} className="flex gap-3 text-slate-800">
                  <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-brand" />
                  <EditableText contentKey={`points.${i}`} fallback={p} />
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-lg sm:p-10 lg:col-span-3">
            <LeadForm
              idPrefix="contact"
              interests={landingInterests}
              submitLabel={<EditableText section="shared.consultation" contentKey="label" fallback={consultation.label} />}
              consent={<EditableText contentKey="consent" fallback={contact.consent} />}
              consentLink={<EditableText contentKey="consent_link" fallback={contact.consent_link} />}
            />
          </div>
        </div>
      </Section>
    </ContentSection>
  );
}
