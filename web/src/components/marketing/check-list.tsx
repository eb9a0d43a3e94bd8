import { CheckCircle2 } from 'lucide-react';
import { EditableText } from '@/features/editable-text/editable-text';

// The inner pages' lists: the home page, whose code every first visit
// loads, writes its two out, which costs it less than this file would.

type CheckListProps = {
  /** The list's key in the enclosing section or item: its texts are `${group}.0`, `${group}.1`, … */
  group: string;
  items: readonly string[];
  className?: string;
  itemClassName?: string;
  /** The class of the check mark: by default a result's, in green. */
  iconClassName?: string;
};

/** Short texts each after a check mark: results, highlights, what a client gets. */
export function CheckList({ group, items, className, itemClassName = 'flex gap-3 text-slate-800', iconClassName = 'mt-0.5 size-5 shrink-0 text-emerald-600' }: CheckListProps) {
  return (
    <ul className={className}>
      {items.map((text, i) => (
        <li key={i} className={itemClassName}>
          <CheckCircle2 aria-hidden="true" className={iconClassName} />
          <EditableText contentKey={`${group}.${i}`} fallback={text} />
        </li>
      ))}
    </ul>
  );
}
