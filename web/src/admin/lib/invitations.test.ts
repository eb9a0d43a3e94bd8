import { describe, expect, it } from 'vitest';
import { invitationExpired, invitationToken } from './invitations';

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
});
