import { useState } from 'react';
import { Eye, Link2Off } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { Page, PreviewLinkURL } from '@/lib/api-types';
import { formatDate } from '@/lib/dates';
import { previewDays, useCreatePreviewLink, usePreviewLinks, useRevokePreviewLink } from '../lib/preview-links';
import { ListState } from '../tab-parts';
import { AdminButton } from '@/components/ui/admin-button';
import { CopyField } from '@/components/ui/copy-field';
import { NoticeDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { IconButton } from '@/components/ui/icon-button';

const failure = (err: unknown) => (isApiError(err) ? err.message : 'Something went wrong. Try again.');

/** The row's Share preview button and its dialog. */
export function SharePreviewButton({ page }: { page: Page }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton icon={Eye} tip="Share preview" label={`Share a preview of ${page.title}`} onClick={() => setOpen(true)} />
      {open && <PreviewLinksDialog page={page} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * A page's preview links: a new one (shown once, to copy), and those that
 * still work, each revocable.
 */
function PreviewLinksDialog({ page, onClose }: { page: Page; onClose: () => void }) {
  const links = usePreviewLinks(page.id);
  const create = useCreatePreviewLink(page.id);
  const revoke = useRevokePreviewLink(page.id);
  const [days, setDays] = useState('7');
  const [made, setMade] = useState<PreviewLinkURL | null>(null);

  async function make() {
    try {
      setMade(await create.mutateAsync(Number(days)));
    } catch (err) {
      toast({ title: 'No preview link', description: failure(err), variant: 'destructive' });
    }
  }

  async function revokeLink(id: number) {
    try {
      await revoke.mutateAsync(id);
      if (made?.id === id) setMade(null);
      toast({ title: 'Preview link revoked', description: 'It no longer shows the page.' });
    } catch (err) {
      toast({ title: 'Not revoked', description: failure(err), variant: 'destructive' });
    }
  }

  return (
    <NoticeDialog
      className="sm:max-w-xl"
      title={`Share a preview of ${page.title}`}
      description={
        <>
          Anyone with the link sees the page as it is saved now, {page.status === 'published' ? 'changes not yet published included' : 'unpublished'}, without an
          account. Search engines never index it.
        </>
      }
      onClose={onClose}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="sm:w-40">
          <FormField id="preview-days" label="Link works for">
            <Select id="preview-days" value={days} onValueChange={setDays} options={previewDays} />
          </FormField>
        </div>
        <AdminButton variant="primary" onClick={() => void make()} aria-disabled={create.isPending || undefined}>
          {create.isPending ? 'Making link...' : 'Create link'}
        </AdminButton>
      </div>
      {made && (
        <div className="rounded-lg border border-info-line bg-info-soft/60 p-3">
          <CopyField
            id="preview-link"
            variant="outline"
            label={`New link, until ${formatDate(made.expiresAt)}: copy it now, it is shown only once.`}
            value={made.url}
          />
        </div>
      )}
      <section aria-labelledby="preview-links-title" className="grid gap-2">
        <h3 id="preview-links-title" className="text-sm font-medium text-default">
          Links that work now
        </h3>
        <ListState query={links} isEmpty={links.data?.length === 0} loadingText="Loading preview links..." emptyText="No preview link works now.">
          <ul className="divide-y divide-subtle rounded-lg border border-default">
            {links.data?.map((l) => (
              <li key={l.id} aria-label={`Preview link made ${formatDate(l.createdAt)}`} className="flex items-center justify-between gap-3 px-3 py-2">
                <p className="text-sm text-body">
                  Made by {l.createdBy} {formatDate(l.createdAt)}
                  <span className="block text-xs text-muted">Works until {formatDate(l.expiresAt)}</span>
                </p>
                <IconButton icon={Link2Off} tip="Revoke" label={`Revoke the preview link made ${formatDate(l.createdAt)}`} disabled={revoke.isPending} danger onClick={() => void revokeLink(l.id)} />
              </li>
            ))}
          </ul>
        </ListState>
      </section>
    </NoticeDialog>
  );
}
