import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { Section, SectionHeading } from '@/components/marketing/section';
import { caseStudies } from '@/content/home';
import { EditableText } from '@/features/editable-text/editable-text';

export function CaseStudiesSection() {
  return (
    <Section aria-labelledby="case-studies-title">
      <SectionHeading
        eyebrow={caseStudies.eyebrow}
        id="case-studies-title"
        title={<EditableText section="case-studies" contentKey="title" fallback={caseStudies.title} />}
        description={
          <EditableText as="p" section="case-studies" contentKey="description" fallback={caseStudies.description} multiline />
        }
      />
      <ul className="mt-14 grid gap-8 lg:grid-cols-2">
        {caseStudies.items.map((c) => (
          <li key={c.title}>
            <article className="h-full overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm">
              <div className="relative isolate bg-ink px-8 py-6">
                <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
                <p className="text-sm font-semibold tracking-widest text-blue-100 uppercase">{c.industry}</p>
              </div>
              <div className="p-8">
                <h3 className="text-xl font-semibold text-ink">{c.title}</h3>
                <p className="mt-3 leading-7 text-slate-600">{c.summary}</p>
                <ul className="mt-6 space-y-3">
                  {c.results.map((r) => (
                    <li key={r} className="flex gap-3 text-slate-800">
                      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                      {r}
                    </li>
                  ))}
                </ul>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center">
        <Link to="/case-studies" className="inline-flex items-center gap-1 font-semibold text-brand hover:underline">
          Read all case studies <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </Section>
  );
}
