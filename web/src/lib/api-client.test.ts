// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiData, apiRequest, isUnauthorized, parseApiError, unreachableMessage } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('parseApiError', () => {
  it("takes the server's message and field errors from a JSON body", () => {
    const err = parseApiError(400, '{"message":"Check the fields.","errors":{"title":"Title is required","order":7}}');
    expect(err.status).toBe(400);
    expect(err.message).toBe('Check the fields.');
    expect(err.fieldErrors).toEqual({ title: 'Title is required' });
    expect(err.hasFieldErrors).toBe(true);
    expect(err.conflict).toBeNull();
  });

  it('reads the conflict of a stale write, once', () => {
    const current = { id: 3, title: 'Theirs', version: 5 };
    const err = parseApiError(
      409,
      JSON.stringify({ message: 'Menu item changed by maria at 14:05 on 3 March UTC after you opened it.', current, changedBy: 'maria', changedAt: '2026-03-03T14:05:00Z' }),
    );
    expect(err.message).toBe('Menu item changed by maria at 14:05 on 3 March UTC after you opened it.');
    expect(err.conflict).toEqual({ current, changedBy: 'maria', changedAt: '2026-03-03T14:05:00Z' });
    expect(err.hasFieldErrors).toBe(false);
  });

  it('tells a record deleted meanwhile by a null current', () => {
    const err = parseApiError(409, '{"message":"Menu item deleted by someone else after you opened it.","current":null}');
    expect(err.conflict).toEqual({ current: null, changedBy: '', changedAt: '' });
  });

  it('has no conflict for a 409 that is not about versions, such as a slug taken', () => {
    const err = parseApiError(409, '{"message":"A page with the slug \\"pricing\\" already exists."}');
    expect(err.conflict).toBeNull();
    expect(err.message).toBe('A page with the slug "pricing" already exists.');
  });

  it('falls back to a short text body, then to the status text', () => {
    expect(parseApiError(404, '404 page not found\n', 'Not Found').message).toBe('404 page not found');
    expect(parseApiError(502, '<html>bad gateway</html>', 'Bad Gateway').message).toBe('Bad Gateway');
    expect(parseApiError(500, '', '').message).toBe('Request failed (500)');
    expect(parseApiError(400, '["not an object"]', 'Bad Request').message).toBe('Bad Request');
  });
});

describe('apiRequest', () => {
  it('sends JSON, the token and the version it started from', async () => {
    const fetchMock = vi.fn(async () => Response.json({ data: { id: 1 } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiData('PUT', '/api/admin/menu-items/1', { body: { title: 'x' }, token: 'tok', ifMatch: 4 })).toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/menu-items/1');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"title":"x"}');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer tok', 'If-Match': '"4"' });
  });

  it('sends no body, token or If-Match it was not given', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('DELETE', '/x');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toEqual({});
    expect(init.body).toBeUndefined();
  });

  it('throws an ApiError with the parts of a failed answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Session expired."}', { status: 401 })));
    const err = await failure(apiRequest('GET', '/api/admin/pages'));
    expect(err.status).toBe(401);
    expect(err.message).toBe('Session expired.');
    expect(isUnauthorized(err)).toBe(true);
  });

  it('throws status 0 when no answer comes', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await failure(apiRequest('GET', '/api/admin/pages'));
    expect(err.status).toBe(0);
    expect(err.message).toBe(unreachableMessage);
    expect(isUnauthorized(err)).toBe(false);
  });
});
