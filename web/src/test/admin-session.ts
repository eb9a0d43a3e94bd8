import type { Mock } from 'vitest';

// An admin signed in to this browser, as the editing tests need one.

/** Signs in an admin (or, with false, a user who is not one) in this browser, with edit mode on. */
export function signInAsAdmin(isAdmin = true) {
  localStorage.setItem('adminToken', 'tok');
  localStorage.setItem('adminUser', JSON.stringify({ id: 1, username: 'admin', isAdmin }));
  localStorage.setItem('editMode', 'true');
}

export type Call = [string, RequestInit];

/** The writes the page sent through a mocked fetch: every call but the loads. */
export function writes(fetchMock: Mock): Call[] {
  return (fetchMock.mock.calls as unknown as Call[]).filter(([, init]) => init?.method && init.method !== 'GET');
}
