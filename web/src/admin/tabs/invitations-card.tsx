import { useState } from 'react';
import { Link2, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import type { Invitation, InvitationLink } from '@/lib/api-types';
import { formatDate } from '@/lib/dates';
import { invitationExpired, useInvitations, useRenewInvitation, useWithdrawInvitation } from '../lib/invitations';
import { roleLabels } from '../lib/users';
import { ListState, RecordList, RecordRow, TabCard } from '../tab-parts';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyField } from '@/components/ui/copy-field';
import { NoticeDialog } from '@/components/ui/form-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { failure } from './user-create-dialog';

/**
 * The invitations not used yet: each can get a new link (the old one stops
 * working) or be withdrawn. Shown only while there are some.
 */
export function InvitationsCard({ onLink }: { onLink: (link: InvitationLink) => void }) {
  const invitations = useInvitations();
  const renew = useRenewInvitation();
  const withdraw = useWithdrawInvitation();
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  if (!invitations.isLoading && !invitations.error && !invitations.data?.length) return null;

  async function newLink(inv: Invitation) {
    try {
      onLink(await renew.mutateAsync(inv.id));
    } catch (err) {
      toast({ title: 'No new link', description: failure(err).message, variant: 'destructive' });
    }
  }

  async function confirmWithdraw(inv: Invitation) {
    try {
      await withdraw.mutateAsync(inv.id);
      toast({ title: `Invitation for ${inv.username} withdrawn`, description: 'Its link no longer works.' });
    } catch (err) {
      toast({ title: 'Not withdrawn', description: failure(err).message, variant: 'destructive' });
    }
  }

  return (
    <TabCard title="Invitations" description="Accounts offered by a link and not taken up yet.">
      <ListState query={invitations} loadingText="Loading invitations...">
        <RecordList>
          {invitations.data?.map((inv) => {
            const expired = invitationExpired(inv);
            return (
              <RecordRow
                key={inv.id}
                label={`Invitation for ${inv.username}`}
                aside={
                  <>
                    <Badge variant="muted">{roleLabels[inv.role]}</Badge>
                    <Badge variant={expired ? 'danger' : 'warning'}>{expired ? 'Expired' : 'Waiting'}</Badge>
                    <IconButton icon={Link2} tip="New link" label={`New link for ${inv.username}`} disabled={renew.isPending} onClick={() => void newLink(inv)} />
                    <IconButton icon={Trash2} tip="Withdraw" label={`Withdraw the invitation for ${inv.username}`} danger onClick={() => setWithdrawing(inv)} />
                  </>
                }
              >
                <p className="font-medium break-words text-default">{inv.username}</p>
                <p className="text-sm text-muted">
                  Sent by {inv.createdBy}
                  {inv.email && (inv.mailedAt ? ` to ${inv.email}` : ` · not mailed to ${inv.email}`)} · {expired ? `expired ${formatDate(inv.expiresAt)}` : `link works until ${formatDate(inv.expiresAt)}`}
                </p>
              </RecordRow>
            );
          })}
        </RecordList>
      </ListState>
      <ConfirmDialog
        open={withdrawing !== null}
        title={withdrawing ? `Withdraw the invitation for ${withdrawing.username}?` : ''}
        description="Its link stops working at once. You can invite them again later."
        cancelLabel="Keep it"
        confirmLabel="Withdraw"
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => {
          if (withdrawing) void confirmWithdraw(withdrawing);
          setWithdrawing(null);
        }}
      />
    </TabCard>
  );
}

/** An invitation's link, shown once, to be copied and sent to the person. */
export function InvitationLinkDialog({ link, onClose }: { link: InvitationLink; onClose: () => void }) {
  return (
    <NoticeDialog
      title={`Invitation link for ${link.username}`}
      description={
        <>
          Send it to them by e-mail or chat. Whoever opens it chooses the password of {link.username} ({roleLabels[link.role].toLowerCase()}), once, until{' '}
          {formatDate(link.expiresAt)}. It is shown only now; a new link can be made from the list of invitations.
        </>
      }
      onClose={onClose}
    >
      {link.mailedAt && (
        <p role="status" className="rounded-lg border border-success/30 bg-success-soft px-3 py-2 text-sm text-success">
          Mailed to {link.email}. The link is here too, should it not arrive.
        </p>
      )}
      {link.mailError && (
        <p role="alert" className="rounded-lg border border-warning-line bg-warning-soft px-3 py-2 text-sm text-warning">
          {link.mailError}
        </p>
      )}
      <CopyField id="invitation-link" label="Invitation link" hideLabel value={link.url} />
    </NoticeDialog>
  );
}
