import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CornerUpRight, X } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import type { NotFoundPath, Redirect } from '@/lib/api-types';
import { formatDate } from '@/lib/dates';
import { adminRequest, loadOr } from '../lib/admin-api';
import { resourceURL } from '../lib/resources';
import { ResourceTab } from '../resource-tab';
import { redirects } from '../resources/redirects';
import { ListState, RecordList, RecordRow, TabCard } from '../tab-parts';
import { AdminButton } from '@/components/ui/admin-button';

// Keyed under the redirects, so that every write of a redirect loads it
// afresh too: the server forgets a path once a redirect answers it.
const notFoundKey = [`${resourceURL('redirects')}/not-found`];

/** The Redirects tab: the redirects, and the addresses visitors opened that showed no page. */
export function RedirectsTab() {
  const [draft, setDraft] = useState<Partial<Redirect> | null>(null);
  const opened = useCallback(() => setDraft(null), []);
  return (
    <div className="grid gap-6">
      <ResourceTab config={redirects} draft={draft} onDraftOpened={opened} />
      <NotFoundCard onCreateRedirect={(path) => setDraft({ source: path })} />
    </div>
  );
}

function NotFoundCard({ onCreateRedirect }: { onCreateRedirect: (path: string) => void }) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: notFoundKey,
    queryFn: async () => (await loadOr<{ data?: NotFoundPath[] }>('/api/admin/not-found', 'Failed to fetch the not found list')).data ?? [],
  });
  const clear = useMutation({
    mutationFn: (entry: NotFoundPath) => adminRequest('DELETE', `/api/admin/not-found/${entry.id}`),
    onSuccess: (_res, entry) => toast({ title: 'Success', description: `${entry.path} cleared from the list` }),
    onError: () => toast({ title: 'Error', description: 'Failed to clear the entry', variant: 'destructive' }),
    onSettled: () => client.invalidateQueries({ queryKey: notFoundKey }),
  });
  const items = list.data ?? [];
  return (
    <TabCard
      title="Not found"
      description="Addresses visitors opened that showed the 404 page, those most visitors met first (up to 1,000). Counts arrive within seconds."
    >
      <section aria-label="Addresses not found">
        <ListState query={list} isEmpty={items.length === 0} loadingText="Loading the not found list..." emptyText="No visitor has met a missing page yet.">
          <RecordList>
            {items.map((e) => (
              <RecordRow
                key={e.id}
                label={e.path}
                aside={
                  <>
                    <AdminButton variant="outline" size="sm" onClick={() => onCreateRedirect(e.path)} aria-label={`Create redirect from ${e.path}`}>
                      <CornerUpRight aria-hidden="true" />
                      Create redirect
                    </AdminButton>
                    <AdminButton
                      variant="outline"
                      size="sm"
                      disabled={clear.isPending && clear.variables?.id === e.id}
                      onClick={() => clear.mutate(e)}
                      aria-label={`Clear ${e.path}`}
                    >
                      <X aria-hidden="true" />
                      Clear
                    </AdminButton>
                  </>
                }
              >
                <p className="font-mono text-sm font-medium break-all text-default">{e.path}</p>
                <p className="mt-1 text-xs text-muted tabular-nums">
                  <span className="font-medium text-body">{e.hits.toLocaleString()} {e.hits === 1 ? 'visit' : 'visits'}</span> by {e.visitors.toLocaleString()}{' '}
                  {e.visitors === 1 ? 'visitor' : 'visitors'} · first{' '}
                  <time dateTime={e.firstSeen}>{formatDate(e.firstSeen)}</time> · last <time dateTime={e.lastSeen}>{formatDate(e.lastSeen)}</time>
                </p>
              </RecordRow>
            ))}
          </RecordList>
        </ListState>
      </section>
    </TabCard>
  );
}
