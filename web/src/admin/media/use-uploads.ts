import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError, isUnauthorized } from '@/lib/api-client';
import type { MediaItem } from '@/lib/api-types';
import { refreshMedia, showUploaded, uploadMedia } from './media-api';
import { emptyQueue, isIdle, toStart, uploadReducer } from './upload-queue';

let nextUploadId = 1;

/** The message of a file that was not stored, naming it as the server's messages do. */
export function failureMessage(name: string, err: unknown): string {
  if (isApiError(err, 0)) return `${name}: the upload did not reach the server. Check the connection and try again.`;
  const message = err instanceof Error && err.message ? err.message : 'the upload failed.';
  return message.startsWith(`${name}:`) ? message : `${name}: ${message}`;
}

/**
 * Sends files to the library, one request each and a few at a time, each
 * with its progress and its own answer: a refused file stops no other. A
 * stored file shows in the library's first page at once, and the library
 * loads afresh once the queue is done. The uploads go on when the tab is
 * left; their images are in the library when it shows again.
 */
export function useUploads(onUploaded?: (item: MediaItem) => void) {
  const client = useQueryClient();
  const [queue, dispatch] = useReducer(uploadReducer, emptyQueue);
  const files = useRef(new Map<number, File>());
  const started = useRef(new Set<number>());
  const controllers = useRef(new Map<number, AbortController>());
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });

  useEffect(() => {
    for (const id of toStart(queue)) {
      const file = files.current.get(id);
      if (!file || started.current.has(id)) continue;
      started.current.add(id);
      const controller = new AbortController();
      controllers.current.set(id, controller);
      dispatch({ type: 'start', id });
      uploadMedia(file, (loaded, total) => dispatch({ type: 'progress', id, loaded, total }), controller.signal)
        .then(
          (item) => {
            files.current.delete(id);
            dispatch({ type: 'done', id, item });
            showUploaded(client, item);
            uploaded.current?.(item);
          },
          (err: unknown) => {
            if (controller.signal.aborted) return;
            // No answer, or signed out: the same file may go again.
            dispatch({ type: 'failed', id, message: failureMessage(file.name, err), retry: isApiError(err, 0) || isUnauthorized(err) });
          },
        )
        .finally(() => controllers.current.delete(id));
    }
  }, [queue, client]);

  const idle = isIdle(queue);
  const wasIdle = useRef(true);
  useEffect(() => {
    if (idle && !wasIdle.current) void refreshMedia(client);
    wasIdle.current = idle;
  }, [idle, client]);

  const add = useCallback((list: File[]) => {
    if (list.length === 0) return;
    const withIds = list.map((file) => ({ id: nextUploadId++, file }));
    for (const { id, file } of withIds) files.current.set(id, file);
    dispatch({ type: 'add', files: withIds.map(({ id, file }) => ({ id, name: file.name, size: file.size })) });
  }, []);

  return {
    queue,
    add,
    retry: (id: number) => {
      started.current.delete(id);
      dispatch({ type: 'retry', id });
    },
    /** Takes an upload off the list; one under way is cancelled. */
    dismiss: (id: number) => {
      controllers.current.get(id)?.abort();
      files.current.delete(id);
      dispatch({ type: 'dismiss', id });
    },
    clearFinished: () => dispatch({ type: 'clearFinished' }),
  };
}

export type Uploads = ReturnType<typeof useUploads>;
