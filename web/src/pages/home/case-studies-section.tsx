import { CaseStudiesLink } from '@/components/marketing/case-studies-link';
import { CaseStudyCard } from '@/components/marketing/case-study-card';
import { Section, SectionHeading } from '@/components/marketing/section';
import { caseStudies } from '@/content/home';
import { ContentSection } from '@/features/editable-text/content-scope';
import { featuredStudies } from '@/lib/case-studies';
import { useSiteData } from '@/lib/site-data-context';

/** The featured case studies (records of the admin's Case studies section), each in the one card of a study. */
export function CaseStudiesSection() {
  const studies = featuredStudies(useSiteData().caseStudies);
  if (studies.length === 0) return null;
  return (
    <ContentSection id="case-studies">
      <Section aria-labelledby="case-studies-title">
        <SectionHeading eyebrow={caseStudies.eyebrow} id="case-studies-title" title={caseStudies.title} description={caseStudies.description} />
        <div className="mt-14 grid gap-8 lg:grid-cols-2">
          {studies.map((s) => (
            <CaseStudyCard key={s.slug} study={s} results={3} sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw" />
          ))}
        </div>
        <CaseStudiesLink contentKey="read_all" fallback={caseStudies.read_all} />
      </Section>
    </ContentSection>
  );
}
