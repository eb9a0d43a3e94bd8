import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { EditableText } from '@/features/editable-text/editable-text';

/** The link to all the case studies under those a section shows; its words are the text under contentKey of the section. */
export function CaseStudiesLink({ contentKey, fallback }: { contentKey: string; fallback: string }) {
  return (
    <p className="mt-10 text-center">
      <Link to="/case-studies" className="inline-flex items-center gap-1 font-semibold text-brand hover:underline">
        <EditableText contentKey={contentKey} fallback={fallback} /> <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </p>
  );
}
