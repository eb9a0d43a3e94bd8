import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Revision } from '@/lib/api-types';
import { lastDeletion, revisionBefore, undoWrite } from './undo';

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
