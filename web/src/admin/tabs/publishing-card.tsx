import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { PublishMode } from '@/lib/api-types';
import { usePublishingSettings, useUpdatePublishingSettings } from '../lib/publishing';
import { ListState, TabCard } from '../tab-parts';

const modes: { value: PublishMode; label: string; description: string }[] = [
  { value: 'live', label: 'Live', description: 'A text saved in edit mode is on the website at once.' },
  { value: 'drafts', label: 'Drafts', description: 'Texts saved in edit mode wait in the Publish tab until someone publishes them.' },
  { value: 'approval', label: 'Approval', description: 'As Drafts, but only publishers publish: the others ask for a review, and a publisher publishes or sends back with a comment.' },
];

/**
 * How texts saved in place reach visitors, for every editor of the site
 * (administrators); a change is saved at once.
 */
export function PublishingCard({ className }: { className?: string }) {
  const settings = usePublishingSettings();
  const update = useUpdatePublishingSettings();

  async function choose(mode: PublishMode, label: string) {
    try {
      await update.mutateAsync(mode);
      toast({ title: 'Publishing mode changed', description: `${label}: ${modes.find((m) => m.value === mode)?.description ?? ''}` });
    } catch (err) {
      toast({ title: 'Not changed', description: isApiError(err) ? err.message : 'Something went wrong. Try again.', variant: 'destructive' });
    }
  }

  return (
    <TabCard title="Publishing" description="How texts saved in edit mode reach the website." titleId="publishing-title" className={className}>
      <ListState query={settings} loadingText="Loading the publishing mode...">
        <fieldset className="grid gap-3 sm:grid-cols-3" aria-labelledby="publishing-title">
          {modes.map((m) => (
            <label key={m.value} className="flex items-start gap-3 rounded-lg border border-default px-3 py-2 text-sm">
              <input
                type="radio"
                name="publishing-mode"
                value={m.value}
                className="mt-1"
                checked={settings.data?.mode === m.value}
                disabled={update.isPending}
                onChange={() => void choose(m.value, m.label)}
              />
              <span className="grid">
                <span className="font-medium text-default">{m.label}</span>
                <span className="text-muted">{m.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </ListState>
    </TabCard>
  );
}
