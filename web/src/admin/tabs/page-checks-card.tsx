import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { PageCheckID } from '@/lib/api-types';
import { usePageCheckSettings, useUpdatePageCheckSettings } from '../lib/page-check-settings';
import { ListState, TabCard } from '../tab-parts';
import { Switch } from '@/components/ui/switch';

/**
 * The checks of the page form, each switched on or off for every writer of
 * the site (administrators); a change is saved at once.
 */
export function PageChecksCard({ className }: { className?: string }) {
  const settings = usePageCheckSettings();
  const update = useUpdatePageCheckSettings();
  const off = new Set(settings.data?.off ?? []);

  async function toggle(id: PageCheckID, label: string, on: boolean) {
    const next = (settings.data?.checks ?? []).map((c) => c.id).filter((c) => (c === id ? !on : off.has(c)));
    try {
      await update.mutateAsync(next);
      toast({ title: on ? 'Check on' : 'Check off', description: `${label}: ${on ? 'the page form warns of it again' : 'the page form no longer warns of it'}.` });
    } catch (err) {
      toast({ title: 'Not changed', description: isApiError(err) ? err.message : 'Something went wrong. Try again.', variant: 'destructive' });
    }
  }

  return (
    <TabCard
      title="Page checks"
      description="What the page form warns of while a page or an article is written. Warnings never stop a save; publishing with them asks first."
      titleId="page-checks-title"
      className={className}
    >
      <ListState query={settings} loadingText="Loading page checks...">
        <ul className="grid gap-3 sm:grid-cols-2">
          {settings.data?.checks.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 rounded-lg border border-default px-3 py-2">
              <label htmlFor={`page-check-${c.id}`} className="text-sm text-default">
                {c.label}
              </label>
              <Switch id={`page-check-${c.id}`} checked={!off.has(c.id)} disabled={update.isPending} onCheckedChange={(on) => void toggle(c.id, c.label, on)} />
            </li>
          ))}
        </ul>
      </ListState>
    </TabCard>
  );
}
