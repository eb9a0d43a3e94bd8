import { useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { ArrowRight, ArrowUpDown, CalendarClock, CornerUpLeft, ImageOff, MessageSquare, Minus, Plus, Send, Trash2 } from 'lucide-react';
import { countOf, pluralOf } from '@/content/groups';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { ContentDraft, MediaItem } from '@/lib/api-types';
import { mediaRefId } from '@/lib/site-data';
import { imageSource, loadMedia, mediaURL } from '../media/media-api';
import { draftLabel, draftStale, groupChanges, recordChange, type GroupChange, type RecordChange } from '../lib/draft-changes';
import { draftWarnings, sectionPage, templateItems } from '../lib/draft-checks';
import { useChecksOff } from '../lib/page-check-settings';
import { useSavedTexts } from '../lib/resources';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDiscardDrafts, useDrafts, usePublishDrafts, usePublishingSettings, useRequestReview, useScheduleDrafts, useSendBack, wordDiff } from '../lib/publishing';
import { formatDate, toLocalInput } from '@/lib/dates';
import { Input, Textarea } from '@/components/ui/input';
import { AdminButton } from '@/components/ui/admin-button';
import { useMe } from '../lib/users';
import { BusyButton, ListState, TabCard } from '../tab-parts';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { builtInText } from './content-tab';
import { DraftThread } from './draft-thread';

/** The published text beside the draft, word by word: removed words struck through, added ones underlined. */
function DraftDiff({ draft }: { draft: ContentDraft }) {
  // A text never saved shows its built-in copy.
  const now = draft.published ?? builtInText(draft.section, draft.key)?.fallback;
  return <TextDiff now={now} after={draft.value} />;
}

/** A record's draft, field by field: each changed field's value now and after, word by word. */
function RecordDiff({ change }: { change: RecordChange }) {
  if (change.deletes) return <p className="text-sm text-danger">Deleted from the website when published.</p>;
  if (change.adds) {
    return (
      <div className="grid gap-2 text-sm">
        <p className="text-success">Added to the website when published.</p>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {change.fields.map((f) => (
            <div key={f.field} className="contents" data-record-field={f.field}>
              <dt className="font-medium text-default">{f.label}</dt>
              <dd className="min-w-0 break-words text-muted">
                {mediaRefId(f.after) !== undefined ? <DraftPicture value={f.after} /> : <span className="line-clamp-3">{f.after}</span>}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    );
  }
  if (change.fields.length === 0) return <p className="text-sm text-muted">No field changes.</p>;
  return (
    <dl className="grid gap-2">
      {change.fields.map((f) => (
        <div key={f.field} className="grid gap-1" data-record-field={f.field}>
          <dt className="text-xs font-medium text-muted">{f.label}</dt>
          <dd>
            <TextDiff now={f.before} after={f.after} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A value now and after, the words removed struck through and those added underlined; now undefined is the built-in text. */
function TextDiff({ now, after }: { now: string | undefined; after: string }) {
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-muted">
        <span className="font-medium text-default">Now: </span>
        {now ?? <em>the built-in text</em>}
      </p>
      <p>
        <span className="font-medium text-default">After: </span>
        {wordDiff(now ?? '', after).map((part, i) =>
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

/** A picture of a draft (one side of a change, or a new record's): a thumbnail of the library's image, with its alt text under it, or that there is none. */
function DraftPicture({ caption, value }: { caption?: string; value: string | null }) {
  const ref = mediaRefId(value ?? undefined);
  const item = useQuery({ queryKey: [`${mediaURL}/${ref}`], queryFn: () => loadMedia(ref!), enabled: ref !== undefined });
  const thumb = item.data ? imageSource(item.data, 160) : null;
  let note: React.ReactNode;
  if (ref === undefined) note = value ? <span className="break-all">{value}</span> : 'No picture';
  else if (item.isError) note = <span className="text-danger">Not in the media library any more</span>;
  else if (!item.data) note = 'Loading the image...';
  else if (item.data.decorative) note = 'Decorative: no alt text needed';
  else if (item.data.altText.trim()) note = <>Alt text: “{item.data.altText}”</>;
  else note = <span className="text-warning">No alt text</span>;
  return (
    <figure className="grid max-w-40 min-w-0 flex-1 content-start gap-1">
      {caption && <figcaption className="text-sm font-medium text-default">{caption}</figcaption>}
      <span className="flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-md border border-default bg-surface-sunken">
        {thumb ? (
          <img src={thumb.src} srcSet={thumb.srcSet} sizes="160px" width={thumb.width} height={thumb.height} alt="" className="size-full object-cover" />
        ) : (
          <ImageOff aria-hidden="true" className="size-5 text-subtle" />
        )}
      </span>
      <span className="text-xs break-words text-muted" data-picture-note>
        {note}
      </span>
    </figure>
  );
}

/** A picture's change: the published image and the drafted one, side by side. */
function PictureDiff({ draft }: { draft: ContentDraft }) {
  return (
    <div className="flex items-start gap-2 sm:gap-3">
      <DraftPicture caption="Now" value={draft.published} />
      <ArrowRight aria-hidden="true" className="mt-12 size-4 shrink-0 text-subtle" />
      <DraftPicture caption="After" value={draft.value} />
    </div>
  );
}

/** A group's new order, in words: the items added, removed and moved. */
function GroupDiff({ change }: { change: GroupChange }) {
  const { rule } = change;
  const rows = [
    ...change.added.map((name) => ({ icon: Plus, tone: 'text-success', text: `Added “${name}”` })),
    ...change.removed.map((name) => ({ icon: Minus, tone: 'text-danger', text: `Removed “${name}”` })),
    ...change.moved.map(({ name, place }) => ({ icon: ArrowUpDown, tone: 'text-accent', text: `Moved “${name}” to place ${place} of ${change.after}` })),
  ];
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-muted">
        <span className="font-medium text-default">Now: </span>
        {countOf(rule, change.before)}
      </p>
      <p>
        <span className="font-medium text-default">After: </span>
        {countOf(rule, change.after)}
      </p>
      {rows.length > 0 ? (
        <ul aria-label={`Changes to the ${pluralOf(rule)}`} className="grid gap-1">
          {rows.map((r, i) => (
            <li key={i} className="flex items-start gap-2">
              <r.icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${r.tone}`} />
              <span className="min-w-0 break-words">{r.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">The same {pluralOf(rule)}, in the same order.</p>
      )}
    </div>
  );
}

/** What a draft changes: a group's order in words, a picture as thumbnails, a text word by word. */
function DraftChange({ draft, group }: { draft: ContentDraft; group: GroupChange | undefined }) {
  const record = recordChange(draft);
  if (record) return <RecordDiff change={record} />;
  if (group) return <GroupDiff change={group} />;
  if (mediaRefId(draft.value) !== undefined || mediaRefId(draft.published ?? undefined) !== undefined) return <PictureDiff draft={draft} />;
  return <DraftDiff draft={draft} />;
}

/** The comment a publisher sends drafts back with; what was typed stays in the panel when the dialog closes. */
function SendBackDialog({ count, comment, onComment, pending, onSend, onClose }: {
  count: number;
  comment: string;
  onComment: (v: string) => void;
  pending: boolean;
  onSend: () => Promise<string | null>;
  onClose: () => void;
}) {
  const [error, setError] = useState('');
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (comment.trim() === '') {
      setError('Say what should change: a draft is sent back with a comment.');
      return;
    }
    setError((await onSend()) ?? '');
  }
  return (
    <FormDialog
      title={`Send back ${count} ${count === 1 ? 'change' : 'changes'}`}
      description="They stay drafts; whoever wrote them gets your comment by e-mail and in the panel."
      onSubmit={submit}
      onClose={onClose}
      pending={pending}
      submitLabel={pending ? 'Sending back...' : 'Send back'}
    >
      <FormField id="send-back-comment" label="Comment" required error={error}>
        <Textarea
          id="send-back-comment"
          rows={4}
          maxLength={2000}
          value={comment}
          onChange={(e) => onComment(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'send-back-comment-error' : undefined}
        />
      </FormField>
    </FormDialog>
  );
}

/** The images of the library that the drafts name, by id, as far as they have loaded: their alt text is checked. */
function useDraftImages(drafts: readonly ContentDraft[]): Map<number, MediaItem> {
  const ids = [...new Set(drafts.map((d) => mediaRefId(d.value)).filter((id) => id !== undefined))];
  const images = useQueries({
    queries: ids.map((id) => ({ queryKey: [`${mediaURL}/${id}`], queryFn: () => loadMedia(id) })),
  });
  return new Map(images.flatMap((q) => (q.data ? [[q.data.id, q.data] as const] : [])));
}

/** The reader's time zone, which a datetime-local input's times are in. */
function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'your time zone';
}

/** When the chosen drafts go live together (a release); those already scheduled may be taken off the schedule. */
function ScheduleDialog({ drafts, pending, onSchedule, onClose }: {
  drafts: ContentDraft[];
  pending: boolean;
  onSchedule: (publishAt: string | null) => Promise<string | null>;
  onClose: () => void;
}) {
  const first = drafts.find((d) => d.publishAt)?.publishAt;
  const [when, setWhen] = useState(first ? toLocalInput(first).slice(0, 16) : '');
  const [error, setError] = useState('');
  const scheduled = drafts.some((d) => d.publishAt);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const at = when ? new Date(when) : null;
    if (!at || Number.isNaN(at.getTime())) {
      setError('Choose the date and time the changes go live.');
      return;
    }
    if (at.getTime() <= Date.now()) {
      setError('Choose a time in the future: scheduled changes are published at that time.');
      return;
    }
    setError((await onSchedule(at.toISOString())) ?? '');
  }
  const n = drafts.length;
  return (
    <FormDialog
      title={`Schedule ${n} ${n === 1 ? 'change' : 'changes'}`}
      description="They go live together at this time, on every instance at once; until then visitors see the published website."
      onSubmit={submit}
      onClose={onClose}
      pending={pending}
      submitLabel={pending ? 'Scheduling...' : 'Schedule'}
    >
      <FormField id="release-at" label={`Publish at (${timeZone()})`} required error={error}>
        <Input
          id="release-at"
          type="datetime-local"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'release-at-error' : undefined}
        />
      </FormField>
      {scheduled && (
        <div>
          <AdminButton type="button" variant="ghost" size="sm" onClick={() => void onSchedule(null)}>
            Take off the schedule
          </AdminButton>
        </div>
      )}
    </FormDialog>
  );
}

/**
 * The Publish panel: every pending draft of a text with the published text
 * beside it, to publish (in one step, so that visitors see them together)
 * or discard, all or the ones ticked. In approval mode only a publisher
 * publishes: the others ask for a review, and a publisher may send drafts
 * back with a comment; each draft has its thread of comments.
 */
export function PublishTab() {
  const drafts = useDrafts();
  const settings = usePublishingSettings();
  const me = useMe();
  const publish = usePublishDrafts();
  const discard = useDiscardDrafts();
  const review = useRequestReview();
  const sendBack = useSendBack();
  const schedule = useScheduleDrafts();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [sending, setSending] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [comment, setComment] = useState('');
  const list = drafts.data ?? [];
  const chosen = list.filter((d) => picked.has(d.id)).map((d) => d.id);
  const busy = publish.isPending || discard.isPending || review.isPending || sendBack.isPending || schedule.isPending;
  const mode = settings.data?.mode;
  const approval = mode === 'approval';
  const mayPublish = !approval || me.data?.mayPublish === true;
  const target = chosen.length > 0 ? chosen : list.map((d) => d.id);
  const count = chosen.length > 0 ? ` (${chosen.length})` : '';
  // The checks: of every draft as if all were published, and of those about to be.
  const saved = useSavedTexts().data ?? [];
  const images = useDraftImages(list);
  const off = useChecksOff();
  const warnings = draftWarnings(list, saved, images, off);
  const templates = templateItems(list, saved);
  const groups = groupChanges(list, saved);
  // The warnings of the drafts about to be published or scheduled, asked about first.
  const [asking, setAsking] = useState<{ warnings: string[]; action: 'publish' | 'schedule' } | null>(null);

  function go(action: 'publish' | 'schedule') {
    if (action === 'publish') void run('publish', target);
    else setScheduling(true);
  }

  function askFirst(action: 'publish' | 'schedule') {
    const found = draftWarnings(list.filter((d) => target.includes(d.id)), saved, images, off);
    const all = [...new Set([...found.values()].flat())];
    if (all.length > 0) setAsking({ warnings: all, action });
    else go(action);
  }

  function toggle(id: number, on: boolean) {
    const next = new Set(picked);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
  }

  const failed = (title: string, err: unknown) => {
    toast({ title, description: isApiError(err) ? err.message : 'Something went wrong. Try again.', variant: 'destructive' });
    void drafts.refetch();
  };

  async function run(kind: 'publish' | 'discard' | 'review', ids: number[]) {
    try {
      if (kind === 'publish') {
        const out = await publish.mutateAsync(ids);
        const n = out.published.length + out.records;
        toast({ title: 'Published', description: `${n} ${n === 1 ? 'change is' : 'changes are'} now live on the website.` });
      } else if (kind === 'review') {
        const out = await review.mutateAsync(ids);
        const n = out.drafts.length;
        toast({
          title: 'Review asked for',
          description: n === 0 ? 'These changes were already waiting for review.' : `${n} ${n === 1 ? 'change waits' : 'changes wait'} for a publisher; they are told by e-mail.`,
        });
      } else {
        const out = await discard.mutateAsync(ids);
        toast({ title: 'Drafts discarded', description: `${out.discarded} ${out.discarded === 1 ? 'draft' : 'drafts'} discarded; the website is unchanged.` });
      }
      setPicked(new Set());
    } catch (err) {
      failed({ publish: 'Not published', discard: 'Not discarded', review: 'Review not asked for' }[kind], err);
    }
  }

  async function sendBackChosen(): Promise<string | null> {
    try {
      const out = await sendBack.mutateAsync({ ids: target, comment });
      const n = out.drafts.length;
      toast({ title: 'Sent back', description: `${n} ${n === 1 ? 'change goes' : 'changes go'} back with your comment.` });
      setComment('');
      setSending(false);
      setPicked(new Set());
      return null;
    } catch (err) {
      failed('Not sent back', err);
      return isApiError(err) ? err.message : 'Something went wrong. Try again.';
    }
  }

  async function scheduleChosen(publishAt: string | null): Promise<string | null> {
    try {
      const out = await schedule.mutateAsync({ ids: target, publishAt });
      const n = out.drafts.length;
      toast({
        title: publishAt ? 'Scheduled' : 'Schedule taken off',
        description: publishAt
          ? `${n} ${n === 1 ? 'change goes' : 'changes go'} live on ${formatDate(publishAt)}.`
          : `${n} ${n === 1 ? 'change waits' : 'changes wait'} to be published by hand.`,
      });
      setScheduling(false);
      setPicked(new Set());
      return null;
    } catch (err) {
      failed(publishAt ? 'Not scheduled' : 'Schedule not taken off', err);
      return isApiError(err) ? err.message : 'Something went wrong. Try again.';
    }
  }

  return (
    <TabCard
      title="Publish"
      description={
        mode === 'live'
          ? 'Changes saved in edit mode are live at once (Settings → Publishing). Drafts kept earlier wait here.'
          : approval
            ? mayPublish
              ? 'Texts and records saved in edit mode wait here for your review: publish them, or send them back with a comment.'
              : 'Texts and records saved in edit mode wait here until a publisher publishes them: ask for a review when they are ready.'
            : 'Texts and records saved in edit mode wait here until you publish them; visitors see the published website.'
      }
      titleId="publish-title"
      actions={
        <>
          {mayPublish ? (
            <BusyButton
              icon={Send}
              busy={publish.isPending}
              label={chosen.length > 0 ? `Publish selected${count}` : 'Publish all'}
              busyLabel="Publishing..."
              disabled={busy || list.length === 0}
              onClick={() => askFirst('publish')}
            />
          ) : (
            <BusyButton
              icon={MessageSquare}
              busy={review.isPending}
              label={chosen.length > 0 ? `Ask for review${count}` : 'Ask for review of all'}
              busyLabel="Asking..."
              disabled={busy || list.length === 0}
              onClick={() => void run('review', target)}
            />
          )}
          {mayPublish && (
            <BusyButton
              icon={CalendarClock}
              variant="outline"
              busy={schedule.isPending}
              label={`Schedule${count}`}
              busyLabel="Scheduling..."
              disabled={busy || list.length === 0}
              onClick={() => askFirst('schedule')}
            />
          )}
          {approval && mayPublish && (
            <BusyButton
              icon={CornerUpLeft}
              variant="outline"
              busy={sendBack.isPending}
              label={`Send back${count}`}
              busyLabel="Sending back..."
              disabled={busy || chosen.length === 0}
              onClick={() => setSending(true)}
            />
          )}
          <BusyButton
            icon={Trash2}
            variant="outline"
            busy={discard.isPending}
            label={`Discard selected${count}`}
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
                aria-label={`Select ${draftLabel(d)}`}
                checked={picked.has(d.id)}
                onChange={(e) => toggle(d.id, e.target.checked)}
              />
              <div className="grid min-w-0 flex-1 gap-2">
                <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
                  <span>
                    {d.resource
                      ? `${draftLabel(d)} · by ${d.updatedBy || 'someone'}`
                      : `${builtInText(d.section, d.key)?.page ?? sectionPage(d.section) ?? 'Other'} · ${d.section} · ${d.key} · by ${d.updatedBy || 'someone'}`}
                  </span>
                  {d.reviewRequestedAt && <Badge variant="accent">In review · asked by {d.reviewRequestedBy}</Badge>}
                  {d.publishAt && <Badge variant="accent">Goes live {formatDate(d.publishAt)}</Badge>}
                  {templates.has(d.id) && (
                    <Badge variant="warning" title="Visitors see an added item once each of its texts is rewritten.">
                      Not shown yet
                    </Badge>
                  )}
                </p>
                <DraftChange draft={d} group={groups.get(d.id)} />
                {warnings.has(d.id) && (
                  <ul aria-label="Warnings" className="list-disc space-y-1 pl-5 text-sm text-warning">
                    {warnings.get(d.id)!.map((w) => (
                      <li key={w}>{w}</li>
                    ))}
                  </ul>
                )}
                {draftStale(d) && (
                  <p role="note" className="text-sm text-warning">
                    Changed on the live website since this draft was saved. Save the draft again with that change in view, or discard it.
                  </p>
                )}
                <DraftThread draft={d} />
              </div>
            </li>
          ))}
        </ul>
      </ListState>
      <ConfirmDialog
        open={asking !== null}
        title={`${asking?.action === 'schedule' ? 'Schedule' : 'Publish'} with ${asking?.warnings.length === 1 ? 'a warning' : `${asking?.warnings.length ?? 0} warnings`}?`}
        description={`Visitors see these changes as they are. They can be ${asking?.action === 'schedule' ? 'scheduled' : 'published'} all the same.`}
        cancelLabel="Keep reviewing"
        confirmLabel={asking?.action === 'schedule' ? 'Schedule anyway' : 'Publish anyway'}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const action = asking?.action ?? 'publish';
          setAsking(null);
          go(action);
        }}
      >
        <ul className="max-h-60 list-disc space-y-1 overflow-y-auto pl-5 text-sm text-warning">
          {asking?.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </ConfirmDialog>
      {scheduling && (
        <ScheduleDialog drafts={list.filter((d) => target.includes(d.id))} pending={schedule.isPending} onSchedule={scheduleChosen} onClose={() => setScheduling(false)} />
      )}
      {sending && (
        <SendBackDialog
          count={target.length}
          comment={comment}
          onComment={setComment}
          pending={sendBack.isPending}
          onSend={sendBackChosen}
          onClose={() => setSending(false)}
        />
      )}
    </TabCard>
  );
}
