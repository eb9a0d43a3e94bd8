import { Card } from '@/components/ui/card';
import type { Application } from '@/content/types';
import { ContentList } from '@/features/editable-text/content-scope';
import { EditableText, TitledText } from '@/features/editable-text/editable-text';

// A grid of repeating items like those of feature-grid.tsx, for the
// solution pages only: in a file of its own, it stays out of the first
// visit of the home page.


/**
 * Applications or use cases, each with the measured impact beneath it. The
 * impact label is shown as given: pass an EditableText to make it editable.
 */
export function ImpactGrid({ items, group = 'items', impactLabel = 'Impact: ' }: { items: Application[]; group?: string; impactLabel?: React.ReactNode }) {
  return (
    <ContentList group={group} items={items} className="mt-14 grid gap-6 md:grid-cols-2">
      {(a) => (
        <Card className="flex h-full flex-col">
          <TitledText item={a} titleClass="text-xl font-semibold text-ink" textClass="mt-3 flex-1 text-base leading-7 text-slate-600" />
          <p className="mt-6 border-t border-slate-100 pt-4 text-sm font-semibold text-emerald-700">
            <span className="text-slate-500">{impactLabel}</span>
            <EditableText contentKey="impact" fallback={a.impact} />
          </p>
        </Card>
      )}
    </ContentList>
  );
}
