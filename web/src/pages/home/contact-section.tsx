import { CheckCircle2 } from 'lucide-react';
import { Suspense } from 'react';
import { lazyWhenNear } from '@/app/lazy-page';
import { Section, SectionHeading } from '@/components/marketing/section';
import { contact } from '@/content/home';
import { consultation } from '@/content/shared';
import { ContentSection } from '@/features/editable-text/content-scope';
import { readEditMode } from '@/features/editable-text/edit-mode';
import { EditableText } from '@/features/editable-text/editable-text';
import { landingInterests } from '@/lib/api-contracts';

// The form's code is fetched as the visitor nears the form (in edit mode at
// once): most first visits never reach it, and it is the largest part of
// the page's script.
export const LeadForm = lazyWhenNear(() => import('@/features/leads/components/lead-form').then((m) => m.LeadForm), 'contact-form', readEditMode);

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
          <div id="contact-form" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-lg sm:p-10 lg:col-span-3">
            <Suspense>
              <LeadForm
                idPrefix="contact"
                interests={landingInterests}
                submitLabel={<EditableText section="shared.consultation" contentKey="label" fallback={consultation.label} />}
                consent={<EditableText contentKey="consent" fallback={contact.consent} />}
                consentLink={<EditableText contentKey="consent_link" fallback={contact.consent_link} />}
              />
            </Suspense>
          </div>
        </div>
      </Section>
    </ContentSection>
  );
}
