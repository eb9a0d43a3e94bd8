import { CheckCircle2 } from 'lucide-react';
import { CaseStudiesLink } from '@/components/marketing/case-studies-link';
import { Section, SectionHeading } from '@/components/marketing/section';
import { caseStudies } from '@/content/home';
import { ContentList, ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';

const newCaseStudy = { results: ['A result the client reports'] };

function CaseStudyCards() {
  return (
    <ContentList group="items" items={caseStudies.items} template={newCaseStudy} className="mt-14 grid gap-8 lg:grid-cols-2">
      {(c) => (
        <article className="h-full overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm">
          <div className="relative isolate bg-ink px-8 py-6">
            <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
            <EditableText as="p" contentKey="industry" fallback={c.industry} className="text-sm font-semibold tracking-widest text-brand-100 uppercase" />
          </div>
          <div className="p-8">
            <EditableText as="h3" contentKey="title" fallback={c.title} className="text-xl font-semibold text-ink" />
            <EditableText as="p" contentKey="summary" fallback={c.summary} multiline className="mt-3 leading-7 text-slate-600" />
            <ul className="mt-6 space-y-3">
              {c.results.map((r, i) => (
                <li key={i} className="flex gap-3 text-slate-800">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                  <EditableText contentKey={`results.${i}`} fallback={r} />
                </li>
              ))}
            </ul>
          </div>
        </article>
      )}
    </ContentList>
  );
}

export function CaseStudiesSection() {
  return (
    <ContentSection id="case-studies">
      <Section aria-labelledby="case-studies-title">
        <SectionHeading eyebrow={caseStudies.eyebrow} id="case-studies-title" title={caseStudies.title} description={caseStudies.description} />
        <CaseStudyCards />
        <CaseStudiesLink contentKey="read_all" fallback={caseStudies.read_all} />
      </Section>
    </ContentSection>
  );
}
