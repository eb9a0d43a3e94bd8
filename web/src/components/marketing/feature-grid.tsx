import { Card, IconBadge } from '@/components/ui/card';
import type { Application, Feature, Statistic } from '@/content/types';
import { ContentItem, useContentGroup } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';

// The grids of repeating items. Each takes the items of one group of the
// enclosing ContentSection (by default `items`): their texts are keyed
// `${group}.${id}.${field}`, and the group's saved order applies.

/** Cards of an icon, a title and a sentence or two: capabilities, services, values. */
export function FeatureGrid({ items, group = 'items', columns = 4 }: { items: Feature[]; group?: string; columns?: 2 | 3 | 4 }) {
  const shown = useContentGroup(group, items, items[0] && { icon: items[0].icon, title: 'New card', description: 'Describe it here.' });
  return (
    <ul
      className={cx(
        'mt-14 grid gap-6 sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
      )}
    >
      {shown.map((f) => (
        <li key={f.id}>
          <ContentItem group={group} id={f.id} items={shown}>
            <Card className="h-full">
              <IconBadge icon={f.icon} />
              <EditableText as="h3" contentKey="title" fallback={f.title} className="mt-6 text-lg font-semibold text-ink" />
              <EditableText as="p" contentKey="description" fallback={f.description} multiline className="mt-3 text-base leading-7 text-slate-600" />
            </Card>
          </ContentItem>
        </li>
      ))}
    </ul>
  );
}

/**
 * Applications or use cases, each with the measured impact beneath it. The
 * impact label is shown as given: pass an EditableText to make it editable.
 */
export function ImpactGrid({ items, group = 'items', impactLabel = 'Impact: ' }: { items: Application[]; group?: string; impactLabel?: React.ReactNode }) {
  const shown = useContentGroup(group, items, { title: 'New use case', description: 'Describe it here.', impact: 'The result it brings' });
  return (
    <ul className="mt-14 grid gap-6 md:grid-cols-2">
      {shown.map((a) => (
        <li key={a.id}>
          <ContentItem group={group} id={a.id} items={shown}>
            <Card className="flex h-full flex-col">
              <EditableText as="h3" contentKey="title" fallback={a.title} className="text-xl font-semibold text-ink" />
              <EditableText as="p" contentKey="description" fallback={a.description} multiline className="mt-3 flex-1 text-base leading-7 text-slate-600" />
              <p className="mt-6 border-t border-slate-100 pt-4 text-sm font-semibold text-emerald-700">
                <span className="text-slate-500">{impactLabel}</span>
                <EditableText contentKey="impact" fallback={a.impact} />
              </p>
            </Card>
          </ContentItem>
        </li>
      ))}
    </ul>
  );
}

/** Big figures with their labels: each figure heads its cell, so the figures of a row line up. */
export function StatGrid({ items, group = 'items', dark }: { items: Statistic[]; group?: string; dark?: boolean }) {
  const shown = useContentGroup(group, items, { number: '0', label: 'New figure' });
  return (
    <dl className="mt-14 grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-4">
      {shown.map((s) => (
        <div key={s.id} className={cx('flex flex-col-reverse justify-end gap-1 border-l-2 pl-4 sm:pl-5', dark ? 'border-brand-400' : 'border-brand')}>
          <ContentItem group={group} id={s.id} items={shown} controls="above">
            <EditableText as="dt" contentKey="label" fallback={s.label} className={cx('text-sm', dark ? 'text-slate-300' : 'text-slate-600')} />
            <EditableText as="dd" contentKey="number" fallback={s.number} className={cx('text-[1.625rem] font-bold tracking-tight min-[400px]:text-3xl sm:text-4xl', dark ? 'text-white' : 'text-ink')} />
          </ContentItem>
        </div>
      ))}
    </dl>
  );
}
