// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mediaItem } from './media-fixtures';
import { emptyQueue, isIdle, percent, precheck, runSummary, toStart, uploadReducer, type UploadAction, type UploadQueue } from './upload-queue';

const run = (actions: UploadAction[], from: UploadQueue = emptyQueue) => actions.reduce(uploadReducer, from);
const file = (id: number, name = `photo-${id}.jpg`, size = 1000) => ({ id, name, size });
const statuses = (q: UploadQueue) => q.uploads.map((u) => `${u.id}:${u.status}`);

describe('precheck', () => {
  it('refuses only what no site takes, and warns of a file over the usual limit', () => {
    expect(precheck(file(1, 'empty.png', 0)).message).toBe('empty.png: the file is empty.');
    expect(precheck(file(1, 'huge.jpg', 2 * 1024 ** 3)).message).toBe('huge.jpg: the file is larger than 1 GB, more than the site ever accepts.');
    expect(precheck(file(1, 'big.jpg', 25 * 1024 ** 2))).toEqual({ note: 'Larger than 20 MB, the usual limit: the site may refuse it.' });
    expect(precheck(file(1, 'fine.jpg', 20 * 1024 ** 2))).toEqual({});
  });
});

describe('uploadReducer', () => {
  it('queues files and starts at most three at once, in order', () => {
    const q = run([{ type: 'add', files: [1, 2, 3, 4, 5].map((id) => file(id)) }]);
    expect(statuses(q)).toEqual(['1:queued', '2:queued', '3:queued', '4:queued', '5:queued']);
    expect(toStart(q)).toEqual([1, 2, 3]);
    const going = run([{ type: 'start', id: 1 }, { type: 'start', id: 2 }], q);
    expect(toStart(going)).toEqual([3]);
    const oneDone = run([{ type: 'start', id: 3 }, { type: 'done', id: 1, item: mediaItem({ id: 7 }) }], going);
    expect(toStart(oneDone)).toEqual([4]);
  });

  it('follows each file’s progress: its bytes, then processing once all are sent', () => {
    const q = run([
      { type: 'add', files: [file(1), file(2)] },
      { type: 'start', id: 1 },
      { type: 'start', id: 2 },
      { type: 'progress', id: 1, loaded: 250, total: 1000 },
      { type: 'progress', id: 2, loaded: 1000, total: 1000 },
    ]);
    expect(percent(q.uploads[0])).toBe(25);
    expect(q.uploads[0].status).toBe('sending');
    expect(q.uploads[1].status).toBe('processing');
    expect(percent(q.uploads[1])).toBe(100);
    expect(percent({ ...q.uploads[0], status: 'queued' })).toBe(0);
  });

  it('keeps each file’s own answer: one refused stops no other', () => {
    const q = run([
      { type: 'add', files: [file(1, 'good.jpg'), file(2, 'cut.jpg')] },
      { type: 'start', id: 1 },
      { type: 'start', id: 2 },
      { type: 'failed', id: 2, message: 'cut.jpg: the JPEG data ends early.', retry: false },
    ]);
    expect(statuses(q)).toEqual(['1:sending', '2:failed']);
    expect(isIdle(q)).toBe(false);
    const done = uploadReducer(q, { type: 'done', id: 1, item: mediaItem({ id: 9, name: 'good.jpg' }) });
    expect(statuses(done)).toEqual(['1:done', '2:failed']);
    expect(done.uploads[0].item?.id).toBe(9);
    expect(done.uploads[1].message).toBe('cut.jpg: the JPEG data ends early.');
  });

  it('sums up a run once nothing is left to send, once per run', () => {
    const q = run([
      { type: 'add', files: [file(1, 'a.jpg'), file(2, 'b.png'), file(3, 'c.jpg')] },
      { type: 'start', id: 1 },
      { type: 'start', id: 2 },
      { type: 'start', id: 3 },
      { type: 'done', id: 1, item: mediaItem() },
      { type: 'failed', id: 2, message: 'b.png: the name says PNG but the file is a JPEG image.', retry: false },
    ]);
    expect(q.announcement).toBe('');
    const end = uploadReducer(q, { type: 'done', id: 3, item: mediaItem({ id: 2 }) });
    expect(end.announcement).toBe('2 images uploaded. 1 not uploaded: b.png: the name says PNG but the file is a JPEG image.');
    expect(end.announced).toBe(1);
    // The next run is summed up on its own.
    const next = run([{ type: 'add', files: [file(4, 'd.jpg')] }, { type: 'start', id: 4 }, { type: 'done', id: 4, item: mediaItem({ id: 4 }) }], end);
    expect(next.announcement).toBe('1 image uploaded.');
    expect(next.announced).toBe(2);
  });

  it('says at once what was refused before sending', () => {
    const q = run([{ type: 'add', files: [file(1, 'empty.jpg', 0)] }]);
    expect(statuses(q)).toEqual(['1:failed']);
    expect(q.announcement).toBe('1 not uploaded: empty.jpg: the file is empty.');
  });

  it('sends again a file that got no answer, not one the server refused', () => {
    const q = run([
      { type: 'add', files: [file(1), file(2)] },
      { type: 'start', id: 1 },
      { type: 'start', id: 2 },
      { type: 'failed', id: 1, message: 'photo-1.jpg: the upload did not reach the server.', retry: true },
      { type: 'failed', id: 2, message: 'photo-2.jpg: the file is not an image.', retry: false },
    ]);
    const again = run([{ type: 'retry', id: 1 }, { type: 'retry', id: 2 }], q);
    expect(statuses(again)).toEqual(['1:queued', '2:failed']);
    expect(again.uploads[0].message).toBeUndefined();
    expect(toStart(again)).toEqual([1]);
  });

  it('dismisses one upload, and clears the finished ones', () => {
    const q = run([
      { type: 'add', files: [file(1), file(2), file(3)] },
      { type: 'start', id: 1 },
      { type: 'start', id: 2 },
      { type: 'done', id: 1, item: mediaItem() },
      { type: 'failed', id: 2, message: 'no', retry: false },
    ]);
    expect(statuses(uploadReducer(q, { type: 'dismiss', id: 2 }))).toEqual(['1:done', '3:queued']);
    expect(statuses(uploadReducer(q, { type: 'clearFinished' }))).toEqual(['3:queued']);
  });

  it('ignores answers for an upload already dismissed', () => {
    const q = run([{ type: 'add', files: [file(1)] }, { type: 'start', id: 1 }, { type: 'dismiss', id: 1 }, { type: 'done', id: 1, item: mediaItem() }]);
    expect(q.uploads).toEqual([]);
  });
});

describe('runSummary', () => {
  it('says nothing of a run with nothing finished', () => {
    expect(runSummary([])).toBe('');
    expect(runSummary(run([{ type: 'add', files: [file(1)] }]).uploads)).toBe('');
  });
});
