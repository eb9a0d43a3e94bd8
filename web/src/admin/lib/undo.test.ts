// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Revision } from '@/lib/api-types';
import { lastDeletion, revisionBefore, undoDraft, undoWrite } from './undo';

const rev = (id: number, version: number, action: Revision['action']): Revision => ({
  id,
  resource: 'menu-items',
  recordId: 7,
  version,
  action,
  data: {},
  userId: 1,
  username: 'admin',
  createdAt: '2026-11-23T10:00:00Z',
});

// Newest first, as the server lists them.
const history = [rev(14, 4, 'restore'), rev(13, 3, 'delete'), rev(12, 2, 'update'), rev(11, 1, 'create')];

describe('revisionBefore', () => {
  it('finds the version a write started from', () => {
    expect(revisionBefore(history, 4)?.id).toBe(13);
    expect(revisionBefore(history, 2)?.id).toBe(11);
    expect(revisionBefore(history, 1)).toBeUndefined();
  });
});

describe('lastDeletion', () => {
  it('is the newest revision when it is a delete, else none', () => {
    expect(lastDeletion(history.slice(1))?.id).toBe(13);
    expect(lastDeletion(history)).toBeUndefined();
  });
});

describe('undoWrite', () => {
  let calls: { method: string; url: string; ifMatch?: string }[] = [];
  function serve(revisions: Revision[]) {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        calls.push({ method: String(init.method), url, ifMatch: headers['If-Match'] });
        return url.endsWith('/revisions') ? Response.json({ data: revisions }) : Response.json({ data: { id: 7, version: 9 } });
      }),
    );
  }

  afterEach(() => vi.unstubAllGlobals());

  it('restores the revision before an update, from the version the update left', async () => {
    serve([rev(12, 2, 'update'), rev(11, 1, 'create')]);
    await undoWrite({ resource: 'menu-items', id: 7, kind: 'update', version: 2 });
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/admin/menu-items/7/revisions/11/restore', ifMatch: '"2"' });
  });

  it('restores a deleted record from its delete revision', async () => {
    serve([rev(13, 3, 'delete'), rev(12, 2, 'update')]);
    await undoWrite({ resource: 'menu-items', id: 7, kind: 'delete', version: 2 });
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/admin/menu-items/7/revisions/13/restore', ifMatch: undefined });
  });

  it('deletes a created record, and deletes again a record a restore brought back', async () => {
    serve([]);
    await undoWrite({ resource: 'menu-items', id: 7, kind: 'create', version: 1 });
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/admin/menu-items/7', ifMatch: '"1"' }]);
    serve(history);
    await undoWrite({ resource: 'menu-items', id: 7, kind: 'update', version: 4 });
    expect(calls.at(-1)).toEqual({ method: 'DELETE', url: '/api/admin/menu-items/7', ifMatch: '"4"' });
  });

  it('refuses when the record moved on since', async () => {
    serve([rev(15, 5, 'update')]);
    await expect(undoWrite({ resource: 'menu-items', id: 7, kind: 'delete', version: 4 })).rejects.toThrow('It was changed again since.');
  });
});

describe('undoDraft', () => {
  let calls: { method: string; url: string; publish?: string; body?: string }[] = [];
  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        calls.push({ method: String(init.method), url, publish: headers['X-Publish'], body: init.body as string | undefined });
        if (url === '/api/admin/drafts') return Response.json({ data: [{ id: 31, resource: 'menu-items', recordId: 7 }, { id: 30, resource: 'menu-items', recordId: 6 }] });
        return Response.json({ data: { id: 7, version: 4 } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('discards the record’s draft when it had none before', async () => {
    await undoDraft('menu-items', 7, 4, undefined);
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/admin/drafts/discard', publish: undefined, body: '{"ids":[31]}' });
  });

  it('saves the draft it had before again, or its delete', async () => {
    await undoDraft('menu-items', 7, 4, JSON.stringify({ id: 7, title: 'Blog', version: 4 }));
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', url: '/api/admin/menu-items/7', publish: 'draft' });
    expect(JSON.parse(calls.at(-1)!.body!)).toMatchObject({ title: 'Blog', version: 4 });
    await undoDraft('menu-items', 7, 4, 'null');
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/admin/menu-items/7', publish: 'draft' });
  });
});
