import { CheckList } from '@/components/marketing/check-list';
import { caseStudiesPage, type CaseStudy } from '@/content/case-studies';
import { EditableText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';

// What a case study of /case-studies shows wherever it stands: on that page
// in its card, and on a service page as its related study. Its texts are
// those of the study (the enclosing ContentItem); the labels are the
// section's, shared by every study.

/** The section of the case studies and their labels. */
export const studiesSection = 'case-studies.studies';
const { labels } = caseStudiesPage.studies;

/** A label every study shows (`labels.*` of the section, not of the study). */
export function StudyLabel({ name }: { name: keyof typeof labels }) {
  return <EditableText section={studiesSection} contentKey={`labels.${name}`} fallback={labels[name]} />;
}

type StoryProps = {
  study: CaseStudy;
  /** The level of the three headings. */
  heading: 'h3' | 'h4';
  /** The space above the first heading, and above the next two. */
  spacing: [first: string | undefined, next: string];
  /** The classes of the list of results and of each result. */
  results: [list: string, item: string];
};

/** The challenge and the solution, each under its label, then the results, each after a check mark. */
export function StudyStory({ study: s, heading: H, spacing: [first, next], results: [list, item] }: StoryProps) {
  return (
    <>
      <H className={cx(first, 'font-semibold text-ink')}>
        <StudyLabel name="challenge" />
      </H>
      <EditableText as="p" contentKey="challenge" fallback={s.challenge} multiline className="mt-1 leading-7 text-slate-600" />
      <H className={cx(next, 'font-semibold text-ink')}>
        <StudyLabel name="solution" />
      </H>
      <EditableText as="p" contentKey="solution" fallback={s.solution} multiline className="mt-1 leading-7 text-slate-600" />
      <H className={cx(next, 'font-semibold text-ink')}>
        <StudyLabel name="results" />
      </H>
      <CheckList group="results" items={s.results} className={list} itemClassName={item} />
    </>
  );
}
