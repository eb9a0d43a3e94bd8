import { useEffect, useRef, useState } from 'react';
import { MessageSquare } from 'lucide-react';
import type { ContentDraft, DraftComment } from '@/lib/api-types';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { AdminButton } from '@/components/ui/admin-button';
import { Textarea } from '@/components/ui/input';
import { draftLabel } from '../lib/draft-changes';
import { useAddComment, useResolveComment } from '../lib/publishing';

/** When a comment was written, as a reader of the thread wants it: the date and the time. */
function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/**
 * A box to write a comment or a reply in, with its button and Cancel. Closed,
 * it is only hidden: what was typed stays for when it opens again, as it
 * does when sending fails.
 */
function CommentBox({ draft, parentId, label, open, onClose }: { draft: ContentDraft; parentId?: number; label: string; open: boolean; onClose: () => void }) {
  const add = useAddComment();
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  const id = `comment-${draft.id}-${parentId ?? 'new'}`;
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (open) box.current?.focus();
  }, [open]);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    if (body.trim() === '') {
      setError('Write a comment before sending it.');
      return;
    }
    try {
      await add.mutateAsync({ draftId: draft.id, body, parentId });
      setBody('');
      setError('');
      onClose();
    } catch (err) {
      const message = isApiError(err) ? err.message : 'Something went wrong. Try again.';
      setError(message);
      toast({ title: 'Comment not sent', description: message, variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={(e) => void send(e)} noValidate className="grid gap-1.5" hidden={!open}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        ref={box}
        id={id}
        rows={2}
        maxLength={2000}
        placeholder={parentId ? 'Write a reply' : 'Comment on this change'}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <AdminButton type="submit" size="sm" variant="outline" aria-disabled={add.isPending || undefined}>
          {add.isPending ? 'Sending...' : label}
        </AdminButton>
        <AdminButton type="button" size="sm" variant="ghost" onClick={onClose}>
          Cancel
        </AdminButton>
      </div>
    </form>
  );
}

/** One comment: who wrote it and when, its text, and Resolve (or Reopen) and Reply. */
function Comment({ comment, draft, replies }: { comment: DraftComment; draft: ContentDraft; replies: DraftComment[] }) {
  const resolve = useResolveComment();
  const [replying, setReplying] = useState(false);
  const resolved = comment.resolvedAt !== null;

  async function toggle() {
    try {
      await resolve.mutateAsync({ id: comment.id, resolved: !resolved });
    } catch (err) {
      toast({ title: 'Not changed', description: isApiError(err) ? err.message : 'Something went wrong. Try again.', variant: 'destructive' });
    }
  }

  return (
    <li className={resolved ? 'grid gap-2 rounded-md bg-surface-sunken px-3 py-2 text-muted' : 'grid gap-2 rounded-md border border-default px-3 py-2'}>
      <p className="text-xs text-muted">
        <span className="font-medium text-default">{comment.author}</span> · {when(comment.createdAt)}
        {resolved && ` · Resolved by ${comment.resolvedBy}`}
      </p>
      <p className="whitespace-pre-wrap text-sm text-body">{comment.body}</p>
      {replies.length > 0 && (
        <ul className="grid gap-2 border-l-2 border-default pl-3" aria-label={`Replies to ${comment.author}`}>
          {replies.map((r) => (
            <li key={r.id} className="grid gap-1">
              <p className="text-xs text-muted">
                <span className="font-medium text-default">{r.author}</span> · {when(r.createdAt)}
              </p>
              <p className="whitespace-pre-wrap text-sm text-body">{r.body}</p>
            </li>
          ))}
        </ul>
      )}
      <CommentBox draft={draft} parentId={comment.id} label="Reply" open={replying} onClose={() => setReplying(false)} />
      {!replying && (
        <div className="flex gap-2">
          {!resolved && (
            <AdminButton size="sm" variant="ghost" onClick={() => setReplying(true)}>
              Reply
            </AdminButton>
          )}
          <AdminButton size="sm" variant="ghost" aria-disabled={resolve.isPending || undefined} onClick={() => void toggle()}>
            {resolved ? 'Reopen' : 'Resolve'}
          </AdminButton>
        </div>
      )}
    </li>
  );
}

/** The comments on a pending draft, a thread each with its replies, and a box for a new one. */
export function DraftThread({ draft }: { draft: ContentDraft }) {
  const [writing, setWriting] = useState(false);
  const roots = draft.comments.filter((c) => c.parentId === null);
  return (
    <div className="grid gap-2">
      {roots.length > 0 && (
        <ul className="grid gap-2" aria-label={`Comments on ${draftLabel(draft)}`}>
          {roots.map((c) => (
            <Comment key={c.id} comment={c} draft={draft} replies={draft.comments.filter((r) => r.parentId === c.id)} />
          ))}
        </ul>
      )}
      <CommentBox draft={draft} label="Comment" open={writing} onClose={() => setWriting(false)} />
      {!writing && (
        <div>
          <AdminButton size="sm" variant="ghost" onClick={() => setWriting(true)}>
            <MessageSquare aria-hidden="true" />
            Comment
          </AdminButton>
        </div>
      )}
    </div>
  );
}
