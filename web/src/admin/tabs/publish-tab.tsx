import { useState } from 'react';
import { Send, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { ContentDraft } from '@/lib/api-types';
import { useDiscardDrafts, useDrafts, usePublishDrafts, usePublishingSettings, wordDiff } from '../lib/publishing';
import { BusyButton, ListState, TabCard } from '../tab-parts';
import { builtInText } from './content-tab';

/** The published text beside the draft, word by word: removed words struck through, added ones underlined. */
function DraftDiff({ draft }: { draft: ContentDraft }) {
  // A text never saved shows its built-in copy.
  const now = draft.published ?? builtInText(draft.section, draft.key)?.fallback;
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-muted">
        <span className="font-medium text-default">Now: </span>
        {now ?? <em>the built-in text</em>}
      </p>
      <p>
        <span className="font-medium text-default">After: </span>
        {wordDiff(now ?? '', draft.value).map((part, i) =>
          part.kind === 'same' ? (
            <span key={i}>{part.text}</span>
          ) : part.kind === 'added' ? (
            <ins key={i} className="bg-success-soft text-default">
              {part.text}
            </ins>
          ) : (
            <del key={i} className="text-muted">
              {part.text}
            </del>
          ),
        )}
      </p>
    </div>
  );
}

/**
 * The Publish panel: every pending draft of a text with the published text
 * beside it, to publish (in one step, so that visitors see them together)
 * or discard, all or the ones ticked.
 */
export function PublishTab() {
  const drafts = useDrafts();
  const settings = usePublishingSettings();
  const publish = usePublishDrafts();
  const discard = useDiscardDrafts();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const list = drafts.data ?? [];
  const chosen = list.filter((d) => picked.has(d.id)).map((d) => d.id);
  const busy = publish.isPending || discard.isPending;

  function toggle(id: number, on: boolean) {
    const next = new Set(picked);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
  }

  async function run(kind: 'publish' | 'discard', ids: number[]) {
    try {
      if (kind === 'publish') {
        const out = await publish.mutateAsync(ids);
        const n = out.published.length;
        toast({ title: 'Published', description: `${n} ${n === 1 ? 'text is' : 'texts are'} now live on the website.` });
      } else {
        const out = await discard.mutateAsync(ids);
        toast({ title: 'Drafts discarded', description: `${out.discarded} ${out.discarded === 1 ? 'draft' : 'drafts'} discarded; the website is unchanged.` });
      }
      setPicked(new Set());
    } catch (err) {
      toast({ title: kind === 'publish' ? 'Not published' : 'Not discarded', description: isApiError(err) ? err.message : 'Something went wrong. Try again.', variant: 'destructive' });
      void drafts.refetch();
    }
  }

  const mode = settings.data?.mode;
  return (
    <TabCard
      title="Publish"
      description={
        mode === 'live'
          ? 'Texts saved in edit mode are live at once (Settings → Publishing). Drafts kept earlier wait here.'
          : 'Texts saved in edit mode wait here until you publish them; visitors see the published website.'
      }
      titleId="publish-title"
      actions={
        <>
          <BusyButton
            icon={Send}
            busy={publish.isPending}
            label={chosen.length > 0 ? `Publish selected (${chosen.length})` : 'Publish all'}
            busyLabel="Publishing..."
            disabled={busy || list.length === 0}
            onClick={() => void run('publish', chosen.length > 0 ? chosen : list.map((d) => d.id))}
          />
          <BusyButton
            icon={Trash2}
            variant="outline"
            busy={discard.isPending}
            label={`Discard selected${chosen.length > 0 ? ` (${chosen.length})` : ''}`}
            busyLabel="Discarding..."
            disabled={busy || chosen.length === 0}
            onClick={() => void run('discard', chosen)}
          />
        </>
      }
    >
      <ListState query={drafts} isEmpty={list.length === 0} loadingText="Loading drafts..." emptyText="No changes waiting to be published.">
        <ul className="grid gap-3" aria-label="Pending changes">
          {list.map((d) => (
            <li key={d.id} className="flex items-start gap-3 rounded-lg border border-default px-3 py-2">
              <input
                type="checkbox"
                className="mt-1"
                aria-label={`Select ${d.section} ${d.key}`}
                checked={picked.has(d.id)}
                onChange={(e) => toggle(d.id, e.target.checked)}
              />
              <div className="grid min-w-0 gap-1">
                <p className="text-xs text-muted">
                  {builtInText(d.section, d.key)?.page ?? 'Other'} · {d.section} · {d.key} · by {d.updatedBy || 'someone'}
                </p>
                <DraftDiff draft={d} />
                {d.base !== d.published && (
                  <p role="note" className="text-sm text-warning">
                    Changed on the live website since this draft was saved. Save the draft again with that change in view, or discard it.
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </ListState>
    </TabCard>
  );
}
