// The publishing mode (Settings, administrators) and the pending drafts of
// the texts and records saved in drafts mode (the Publish tab): listed with their published
// values, published or discarded, all or some.
import type { ContentDraft, DraftComment, DraftsDiscarded, DraftsPublished, DraftsReviewed, PublishMode, PublishingSettings } from '@/lib/api-types';
import { useQuery } from '@tanstack/react-query';
import { adminData, loadData, useLoaded, useWrite } from './admin-api';

const settingsUrl = '/api/admin/publishing-settings';
export const draftsUrl = '/api/admin/drafts';

export function usePublishingSettings(enabled = true) {
  return useLoaded<PublishingSettings>(settingsUrl, 'Failed to fetch the publishing mode', enabled);
}

export function useUpdatePublishingSettings() {
  return useWrite(settingsUrl, (mode: PublishMode) => adminData<PublishingSettings>('PUT', settingsUrl, { body: { mode } }));
}

/** The pending drafts, loaded again when the admin comes back to this browser tab (after editing on the site). */
export function useDrafts(enabled = true) {
  return useQuery({
    enabled,
    queryKey: [draftsUrl],
    queryFn: () => loadData<ContentDraft[]>(draftsUrl, 'Failed to fetch the drafts'),
    refetchOnWindowFocus: 'always',
  });
}

export function usePublishDrafts() {
  return useWrite(draftsUrl, (ids: number[]) => adminData<DraftsPublished>('POST', `${draftsUrl}/publish`, { body: { ids } }));
}

export function useDiscardDrafts() {
  return useWrite(draftsUrl, (ids: number[]) => adminData<DraftsDiscarded>('POST', `${draftsUrl}/discard`, { body: { ids } }));
}

/** One run of a word diff: words both texts have, or only the new one (added), or only the old one (removed). */
export type DiffPart = { text: string; kind: 'same' | 'added' | 'removed' };

/**
 * The words of before and after, in order, each marked same, added or
 * removed (a longest common subsequence of words; the spaces stay with the
 * word before them). Enough for the texts of a page.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = before.match(/\S+\s*/g) ?? [];
  const b = after.match(/\S+\s*/g) ?? [];
  const same = (x: string, y: string) => x.trimEnd() === y.trimEnd();
  // lcs[i][j]: the length of the longest common run of a[i:] and b[j:].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = same(a[i], b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out: DiffPart[] = [];
  const push = (text: string, kind: DiffPart['kind']) => {
    const last = out[out.length - 1];
    if (last?.kind === kind) last.text += text;
    else out.push({ text, kind });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && same(a[i], b[j])) {
      push(b[j], 'same');
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      push(b[j++], 'added');
    } else {
      push(a[i++], 'removed');
    }
  }
  return out;
}

/** Asks the publishers to review the drafts (approval mode). */
export function useRequestReview() {
  return useWrite(draftsUrl, (ids: number[]) => adminData<DraftsReviewed>('POST', `${draftsUrl}/review`, { body: { ids } }));
}

/** Sends drafts back to their writers with a comment (publishers). */
export function useSendBack() {
  return useWrite(draftsUrl, (body: { ids: number[]; comment: string }) => adminData<DraftsReviewed>('POST', `${draftsUrl}/send-back`, { body }));
}

/** Adds a comment to a draft, or a reply to one of its comments. */
export function useAddComment() {
  return useWrite(draftsUrl, ({ draftId, ...body }: { draftId: number; body: string; parentId?: number }) =>
    adminData<DraftComment>('POST', `${draftsUrl}/${draftId}/comments`, { body }),
  );
}

/** Resolves a comment, or opens it again. */
export function useResolveComment() {
  return useWrite(draftsUrl, ({ id, resolved }: { id: number; resolved: boolean }) =>
    adminData<DraftComment>('POST', `${draftsUrl}/comments/${id}/resolve`, { body: { resolved } }),
  );
}

/** Schedules drafts to go live together at a time, or (null) takes them off the schedule. */
export function useScheduleDrafts() {
  return useWrite(draftsUrl, (body: { ids: number[]; publishAt: string | null }) => adminData<DraftsReviewed>('POST', `${draftsUrl}/schedule`, { body }));
}
