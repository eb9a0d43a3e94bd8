// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptInvitation, checkInvitation, invitationExpired, invitationToken } from './invitations';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('invitation links', () => {
  it('reads the token from the address fragment', () => {
    expect(invitationToken('#abc_DEF-123')).toBe('abc_DEF-123');
    expect(invitationToken('#abc%2D1 ')).toBe('abc-1');
    expect(invitationToken('')).toBe('');
  });

  it('counts a link expired from its expiry on', () => {
    const at = Date.parse('2026-11-27T10:00:00Z');
    expect(invitationExpired({ expiresAt: '2026-11-27T10:00:00Z' }, at - 1)).toBe(false);
    expect(invitationExpired({ expiresAt: '2026-11-27T10:00:00Z' }, at)).toBe(true);
  });

  it('sends the token in the body, never in the address', async () => {
    const token = 'tok_ABC-123';
    const fetchMock = vi.fn(async () => new Response('{"data":{}}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await checkInvitation(token);
    await acceptInvitation(token, 'a good password');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    for (const [url, init] of calls) {
      expect(url).not.toContain(token);
      expect(init.method).toBe('POST');
      expect(JSON.parse(String(init.body))).toMatchObject({ token });
    }
    expect(calls.map(([url]) => url)).toEqual(['/api/admin/invitations/check', '/api/admin/invitations/accept']);
  });
});
