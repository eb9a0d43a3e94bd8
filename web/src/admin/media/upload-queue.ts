import type { MediaItem } from '@/lib/api-types';
import { formatBytes } from './media-api';

// The uploads of the library as they go: one request per file, each with
// its progress and its own answer, a few at a time. Pure: the hook in
// use-uploads.ts sends the files and feeds the answers in.

export type UploadStatus = 'queued' | 'sending' | 'processing' | 'done' | 'failed';

export type Upload = {
  id: number;
  name: string;
  /** The file's size in bytes. */
  size: number;
  status: UploadStatus;
  /** Bytes of the request sent so far, of total. */
  loaded: number;
  total: number;
  /** Why a file was not stored: the server's message, or the check before sending. */
  message?: string;
  /** The failure was no answer at all: sending again may work. */
  retry?: boolean;
  /** A word of warning while it goes. */
  note?: string;
  item?: MediaItem;
};

export type UploadQueue = {
  uploads: Upload[];
  /** The uploads since the queue was last idle, to sum up when it is again. */
  run: number[];
  /** What the last run came to, for screen readers. */
  announcement: string;
  /** Runs summed up so far: the same summary twice is still said twice. */
  announced: number;
};

/** A file to send, with the id its upload goes by. */
export type UploadFile = { id: number; name: string; size: number };

export type UploadAction =
  | { type: 'add'; files: UploadFile[] }
  | { type: 'start'; id: number }
  | { type: 'progress'; id: number; loaded: number; total: number }
  | { type: 'done'; id: number; item: MediaItem }
  | { type: 'failed'; id: number; message: string; retry: boolean }
  | { type: 'retry'; id: number }
  | { type: 'dismiss'; id: number }
  | { type: 'clearFinished' };

export const emptyQueue: UploadQueue = { uploads: [], run: [], announcement: '', announced: 0 };

/** Files sent at once; the server processes two at a time anyway. */
export const PARALLEL_UPLOADS = 3;

/** The most any site takes (-media-max-bytes is at most 1 GB): a larger file is not sent. */
export const NEVER_ACCEPTED_BYTES = 1 << 30;

/** The site's limit unless it is configured otherwise (-media-max-bytes). */
export const USUAL_LIMIT_BYTES = 20 << 20;

/**
 * The check before sending, a convenience only: the server decides, and
 * its limit may be set higher than the usual one, so a file over that is
 * sent with a warning. A file that no site would take, or an empty one, is
 * not sent: the reason is known without asking.
 */
export function precheck(file: UploadFile): Pick<Upload, 'message' | 'note'> {
  if (file.size === 0) return { message: `${file.name}: the file is empty.` };
  if (file.size > NEVER_ACCEPTED_BYTES) return { message: `${file.name}: the file is larger than 1 GB, more than the site ever accepts.` };
  if (file.size > USUAL_LIMIT_BYTES) return { note: `Larger than ${formatBytes(USUAL_LIMIT_BYTES)}, the usual limit: the site may refuse it.` };
  return {};
}

const active = (u: Upload) => u.status === 'queued' || u.status === 'sending' || u.status === 'processing';

export function isIdle(queue: UploadQueue): boolean {
  return !queue.uploads.some(active);
}

/** The queued uploads to start now, so that at most limit are under way. */
export function toStart(queue: UploadQueue, limit = PARALLEL_UPLOADS): number[] {
  const going = queue.uploads.filter((u) => u.status === 'sending' || u.status === 'processing').length;
  return queue.uploads
    .filter((u) => u.status === 'queued')
    .slice(0, Math.max(0, limit - going))
    .map((u) => u.id);
}

/** How far an upload is, in percent: all its bytes sent is 100, while the server processes it. */
export function percent(u: Upload): number {
  if (u.status === 'done' || u.status === 'processing') return 100;
  if (u.status !== 'sending' || u.total <= 0) return 0;
  return Math.min(100, Math.floor((u.loaded / u.total) * 100));
}

/** What a run of uploads came to, in a sentence or two. */
export function runSummary(uploads: Upload[]): string {
  const done = uploads.filter((u) => u.status === 'done').length;
  const failed = uploads.filter((u) => u.status === 'failed');
  const parts: string[] = [];
  if (done > 0) parts.push(`${done} ${done === 1 ? 'image' : 'images'} uploaded.`);
  if (failed.length > 0) parts.push(`${failed.length} not uploaded: ${failed.map((u) => u.message).join(' ')}`);
  return parts.join(' ');
}

function update(queue: UploadQueue, id: number, change: (u: Upload) => Upload): UploadQueue {
  return { ...queue, uploads: queue.uploads.map((u) => (u.id === id ? change(u) : u)) };
}

/** Sums up the run once nothing is left to send. */
function settle(before: UploadQueue, after: UploadQueue): UploadQueue {
  if (isIdle(before) || !isIdle(after)) return after;
  const run = after.uploads.filter((u) => after.run.includes(u.id));
  return { ...after, run: [], announcement: runSummary(run), announced: after.announced + 1 };
}

export function uploadReducer(queue: UploadQueue, action: UploadAction): UploadQueue {
  switch (action.type) {
    case 'add': {
      const added: Upload[] = action.files.map((f) => {
        const check = precheck(f);
        return { id: f.id, name: f.name, size: f.size, status: check.message ? 'failed' : 'queued', loaded: 0, total: f.size, ...check };
      });
      const next = { ...queue, uploads: [...queue.uploads, ...added] };
      if (isIdle(next)) {
        // Nothing went: every file was refused before sending.
        return { ...next, announcement: runSummary(added), announced: next.announced + 1 };
      }
      return { ...next, run: [...queue.run, ...added.map((u) => u.id)] };
    }
    case 'start':
      return update(queue, action.id, (u) => (u.status === 'queued' ? { ...u, status: 'sending', loaded: 0 } : u));
    case 'progress':
      return update(queue, action.id, (u) =>
        u.status === 'sending' || u.status === 'processing'
          ? { ...u, loaded: action.loaded, total: action.total, status: action.total > 0 && action.loaded >= action.total ? 'processing' : 'sending' }
          : u,
      );
    case 'done':
      return settle(queue, update(queue, action.id, (u) => (active(u) ? { ...u, status: 'done', item: action.item, message: undefined, retry: undefined } : u)));
    case 'failed':
      return settle(queue, update(queue, action.id, (u) => (active(u) ? { ...u, status: 'failed', message: action.message, retry: action.retry } : u)));
    case 'retry': {
      const failed = queue.uploads.find((u) => u.id === action.id);
      if (!failed || failed.status !== 'failed' || !failed.retry) return queue;
      const next = update(queue, action.id, (u) => ({ ...u, status: 'queued', loaded: 0, message: undefined, retry: undefined }));
      return { ...next, run: [...next.run, action.id] };
    }
    case 'dismiss':
      return settle(queue, { ...queue, uploads: queue.uploads.filter((u) => u.id !== action.id), run: queue.run.filter((id) => id !== action.id) });
    case 'clearFinished':
      return { ...queue, uploads: queue.uploads.filter(active) };
  }
}
