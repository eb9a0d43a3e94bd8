import { ChevronDown } from 'lucide-react';
import type { FaqItem } from '@/content/types';
import { ContentList } from '@/features/editable-text/content-scope';
import { useCanEdit } from '@/features/editable-text/edit-mode';
import { EditableText } from '@/features/editable-text/editable-text';

/**
 * Questions and answers as an accordion: each question a native
 * disclosure (details and summary), so it opens by keyboard and screen
 * reader without script, and the answers are in the server HTML. In edit
 * mode every answer shows, so that each text can be edited in place.
 */
export function FaqList({ items, group = 'items' }: { items: readonly FaqItem[]; group?: string }) {
  const canEdit = useCanEdit();
  return (
    <ContentList group={group} items={items} controls="above" className="mx-auto mt-12 max-w-3xl divide-y divide-slate-200 border-y border-slate-200">
      {(q) =>
        canEdit ? (
          <div className="py-5">
            <EditableText as="h3" contentKey="question" fallback={q.question} className="text-lg font-semibold text-ink" />
            <EditableText as="p" contentKey="answer" fallback={q.answer} multiline className="mt-2 leading-7 text-slate-600" />
          </div>
        ) : (
          <details className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-6 py-5 text-left text-lg font-semibold text-ink marker:content-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand [&::-webkit-details-marker]:hidden">
              <EditableText contentKey="question" fallback={q.question} />
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
            </summary>
            <EditableText as="p" contentKey="answer" fallback={q.answer} multiline className="pb-6 leading-7 text-slate-600" />
          </details>
        )
      }
    </ContentList>
  );
}
