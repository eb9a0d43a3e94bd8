import { Card, IconBadge } from '@/components/ui/card';
import type { Application, Feature } from '@/content/types';
import { cx } from '@/lib/cx';

/** Cards of an icon, a title and a sentence or two: capabilities, services, values. */
export function FeatureGrid({ items, columns = 4 }: { items: Feature[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul
      className={cx(
        'mt-14 grid gap-6 sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
      )}
    >
      {items.map((f) => (
        <li key={f.title}>
          <Card className="h-full">
            <IconBadge icon={f.icon} />
            <h3 className="mt-6 text-lg font-semibold text-ink">{f.title}</h3>
            <p className="mt-3 text-base leading-7 text-slate-600">{f.description}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Applications or use cases, each with the measured impact beneath it. */
export function ImpactGrid({ items }: { items: Application[] }) {
  return (
    <ul className="mt-14 grid gap-6 md:grid-cols-2">
      {items.map((a) => (
        <li key={a.title}>
          <Card className="flex h-full flex-col">
            <h3 className="text-xl font-semibold text-ink">{a.title}</h3>
            <p className="mt-3 flex-1 text-base leading-7 text-slate-600">{a.description}</p>
            <p className="mt-6 border-t border-slate-100 pt-4 text-sm font-semibold text-emerald-700">
              <span className="text-slate-500">Impact: </span>
              {a.impact}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export type Statistic = { number: string; label: string };

/** Big figures with their labels. */
export function StatGrid({ items, dark }: { items: Statistic[]; dark?: boolean }) {
  return (
    <dl className="mt-14 grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-4">
      {items.map((s) => (
        <div key={s.label} className={cx('flex flex-col-reverse gap-1 border-l-2 pl-5', dark ? 'border-blue-400' : 'border-brand')}>
          <dt className={cx('text-sm', dark ? 'text-slate-300' : 'text-slate-600')}>{s.label}</dt>
          <dd className={cx('text-4xl font-bold tracking-tight', dark ? 'text-white' : 'text-ink')}>
            {s.number}
          </dd>
        </div>
      ))}
    </dl>
  );
}
