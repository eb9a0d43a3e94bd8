import { studyLabels as labels } from '@/content/record-pages';
import { EditableText } from '@/features/editable-text/editable-text';
import { RecordText, type RecordRef, type RecordValue } from '@/features/editable-text/record-text';
import type { CaseStudyCard } from '@/lib/api-types';
import { lines, splitFigure } from '@/lib/case-studies';

// What every case study shows wherever it stands (its card on /,
// /case-studies and the service pages, and its own page): the labels, the
// section's texts shared by every study, and the study's record.

/** The section of the case studies' labels. */
export const studiesSection = 'case-studies.studies';

/** A label every study shows (`labels.*` of the section, not of the study). */
export function StudyLabel({ name }: { name: keyof typeof labels }) {
  return <EditableText section={studiesSection} contentKey={`labels.${name}`} fallback={labels[name]} />;
}

/** The record of the study with slug, which its texts are edited in place in. */
export function studyRecord(slug: string): RecordRef {
  return { resource: 'case-studies', match: { slug } };
}

/** A result with its leading figure set apart, in figureClass. */
export function ResultText({ text, figureClass }: { text: string; figureClass: string }) {
  const { figure, label } = splitFigure(text);
  if (!figure) return <>{text}</>;
  return (
    <>
      <span className={figureClass}>{figure}</span> {label}
    </>
  );
}

/** The first count lines of a text (all by default) as list items, each through show. */
export function lineItems(value: RecordValue, show: (line: string, i: number) => React.ReactNode, count?: number): React.ReactNode {
  return lines(typeof value === 'string' ? value : value.join('\n'))
    .slice(0, count)
    .map((l, i) => <li key={i}>{show(l, i)}</li>);
}

/**
 * A fact of a study that is one of its fields (client, ROI, timeline) as a
 * term and its value: the label a text of the section, the value the
 * study's field, each editable in place. Nothing when the study leaves it
 * empty.
 */
export function StudyFact({ study, name, termClass, valueClass }: { study: CaseStudyCard; name: 'client' | 'roi' | 'timeline'; termClass: string; valueClass: string }) {
  if (!study[name]) return null;
  return (
    <div>
      <dt className={termClass}>
        <StudyLabel name={name} />
      </dt>
      <RecordText as="dd" record={studyRecord(study.slug)} field={name} value={study[name]} className={valueClass} />
    </div>
  );
}

type StudyResultsProps = {
  study: CaseStudyCard;
  /** A list, or a numbered one. */
  as?: 'ul' | 'ol';
  className: string;
  /** How many to show, the first; all by default. */
  count?: number;
  /** An item's content: the result, best led by its figure (ResultText). */
  show: (line: string, i: number) => React.ReactNode;
};

/** A study's results, one a list item, edited in place as the study's field. */
export function StudyResults({ study, as = 'ul', className, count, show }: StudyResultsProps) {
  return (
    <RecordText
      as={as}
      record={studyRecord(study.slug)}
      field="results"
      kind="multiline"
      value={study.results}
      className={className}
      show={(v) => lineItems(v, show, count)}
    />
  );
}
