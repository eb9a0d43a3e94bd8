// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { signedIn, signInCancelled, signInRequested, withSession } from './session';

const expired = () => new ApiError({ status: 401, message: 'Session expired.' });

describe('withSession', () => {
  it('asks for a sign-in on a 401 and runs the request again once signed in', async () => {
    const run = vi.fn<() => Promise<string>>().mockRejectedValueOnce(expired()).mockResolvedValueOnce('saved');
    const result = withSession(run);
    await vi.waitFor(() => expect(signInRequested()).toBe(true));
    signedIn();
    expect(await result).toBe('saved');
    expect(run).toHaveBeenCalledTimes(2);
    expect(signInRequested()).toBe(false);
  });

  it('fails as signed out when the user gives up, and passes other errors at once', async () => {
    const result = withSession(() => Promise.reject(expired()));
    await vi.waitFor(() => expect(signInRequested()).toBe(true));
    signInCancelled();
    await expect(result).rejects.toMatchObject({ status: 401, message: expect.stringContaining('You are signed out') });
    await expect(withSession(() => Promise.reject(new ApiError({ status: 500, message: 'Internal error.' })))).rejects.toMatchObject({ status: 500 });
    expect(signInRequested()).toBe(false);
  });
});
