import { Card, IconBadge } from '@/components/ui/card';
import type { Feature, Statistic } from '@/content/types';
import { ContentList, useContentGroup } from '@/features/editable-text/content-scope';
import { EditableText, TitledText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';
import { FactNotes, StatNumber, useFactNotes } from './fact-figure';

// The grids of repeating items. Each takes the items of one group of the
// enclosing ContentSection (by default `items`): their texts are keyed
// `${group}.${id}.${field}`, and the group's saved order applies. The home
// page loads this file with its first visit: a grid only other pages show
// has a file of its own (impact-grid.tsx), which their chunks load.

/**
 * Cards of an icon, a title and a sentence or two: capabilities, services,
 * values. Four columns from 1024 px, two from 640; with `columns={3}`, three
 * from 1024 px and one below, so that three cards never leave one alone.
 */
export function FeatureGrid({ items, group = 'items', columns = 4 }: { items: Feature[]; group?: string; columns?: 3 | 4 }) {
  return (
    <ContentList
      group={group}
      items={items}
      template={items[0] && { icon: items[0].icon }}
      className={cx('mt-14 grid gap-6', columns === 3 ? 'lg:grid-cols-3' : 'sm:grid-cols-2 lg:grid-cols-4')}
    >
      {(f) => (
        <Card className="h-full">
          <IconBadge icon={f.icon} />
          <TitledText item={f} titleClass="mt-6 text-lg font-semibold text-ink" textClass="mt-3 text-base leading-7 text-slate-600" />
        </Card>
      )}
    </ContentList>
  );
}

/**
 * Big figures with their labels: each figure heads its cell, so the figures
 * of a row line up. A figure about the company is its fact's value, with the
 * fact's footnote below the grid when it has one (fact-figure.tsx). Four to a
 * row from 1024 px; `large` sets the figures at display size, two to a
 * row for a column of an asymmetric band, or four from 1024 px with `across`
 * for a band of their own.
 */
export function StatGrid({ items, group = 'items', dark, large, across }: { items: Statistic[]; group?: string; dark?: boolean; large?: boolean; across?: boolean }) {
  const notes = useFactNotes(useContentGroup(group, items));
  return (
    <>
      <ContentList
        as="dl"
        group={group}
        items={items}
        controls="above"
        className={cx('grid grid-cols-2 gap-x-6', large ? 'gap-y-12 sm:gap-x-10' : 'mt-14 gap-y-10 lg:grid-cols-4', large && across && 'mt-14 lg:grid-cols-4')}
        itemClassName={cx('flex flex-col-reverse justify-end gap-1 border-l-2 pl-4 sm:pl-5', dark ? 'border-brand-400' : 'border-brand')}
      >
        {(s) => (
          <>
            <EditableText as="dt" contentKey="label" fallback={s.label} className={cx('text-sm', dark ? 'text-slate-300' : 'text-slate-600')} />
            <StatNumber
              stat={s}
              notes={notes}
              className={cx(
                'text-[1.625rem] tracking-tight min-[400px]:text-3xl sm:text-4xl',
                large ? 'font-semibold sm:text-5xl lg:text-6xl lg:tracking-display' : 'font-bold',
                large && across && 'xl:text-7xl',
                dark ? 'text-white' : 'text-ink',
              )}
            />
          </>
        )}
      </ContentList>
      <FactNotes notes={notes} className={cx('mt-8', dark ? 'text-slate-300' : 'text-slate-600')} />
    </>
  );
}
