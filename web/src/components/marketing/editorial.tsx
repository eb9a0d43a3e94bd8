import type { Point } from '@/content/types';
import { ContentList } from '@/features/editable-text/content-scope';
import { TitledText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';

// The editorial layouts of the public pages (docs/DESIGN.md, "Section
// patterns"): bands that set text against space instead of laying out
// another grid of cards. The home page loads this file with its first
// visit, so it holds only markup and classes.

/**
 * An asymmetric band: the heading in the five left columns of twelve, the
 * content in the seven right ones from 1024 px; one above the other below.
 */
export function SplitLayout({ aside, children, className }: { aside: React.ReactNode; children: React.ReactNode; className?: string }) {
  return (
    <div className={cx('grid gap-12 lg:grid-cols-12 lg:gap-16', className)}>
      <div className="lg:col-span-5">{aside}</div>
      <div className="lg:col-span-7">{children}</div>
    </div>
  );
}

/** The number of a point in the order it is read (01, 02, …), in the brand colour; screen readers read the list's own order. */
export function Ordinal({ n, className }: { n: number; className?: string }) {
  return (
    <span aria-hidden="true" className={cx('text-sm font-semibold text-brand tabular-nums', className)}>
      {String(n).padStart(2, '0')}
    </span>
  );
}

/**
 * Points in the order they are read, each under a hairline with its number
 * (01, 02, …) in the brand colour, its title and its sentence: no boxes, no
 * icons. The items are the group `group` of the enclosing section. The
 * hairlines are `slate-200` on white and a step darker on the muted ground.
 */
export function NumberedList({ items, group = 'items' }: { items: Point[]; group?: string }) {
  return (
    <ContentList
      as="ol"
      group={group}
      items={items}
      controls="above"
      className="border-b border-slate-200 in-data-[tone=muted]:border-slate-300"
      itemClassName="grid grid-cols-[2.5rem_minmax(0,1fr)] gap-x-4 border-t border-slate-200 py-8 in-data-[tone=muted]:border-slate-300 sm:grid-cols-[4rem_minmax(0,1fr)]"
    >
      {(p, i) => (
        <>
          <Ordinal n={i + 1} className="pt-1 sm:pt-1.5" />
          <div>
            <TitledText item={p} titleClass="text-xl font-semibold tracking-tight text-ink sm:text-2xl" textClass="mt-3 max-w-xl leading-7 text-slate-600" />
          </div>
        </>
      )}
    </ContentList>
  );
}
