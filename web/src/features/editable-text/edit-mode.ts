// Edit mode and the stored admin session, as the browser keeps them (SPEC
// sections 3, 4 and 6). Both the admin portal and the public site read them;
// a change in one tab reaches every other tab through the storage event.
import { useSyncExternalStore } from 'react';
import { ADMIN_TOKEN_KEY, ADMIN_USER_KEY, EDIT_MODE_KEY } from '@/lib/admin-keys';

/** The user the login response returned, as stored in the browser. */
export type AdminUser = { id?: number; username: string; isAdmin?: boolean };

// Same-tab writes do not fire the storage event, so they announce themselves.
const LOCAL_EVENT = 'meridian:admin-storage';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readEditMode(): boolean {
  return storage()?.getItem(EDIT_MODE_KEY) === 'true';
}

export function writeEditMode(on: boolean): void {
  storage()?.setItem(EDIT_MODE_KEY, on ? 'true' : 'false');
  window.dispatchEvent(new Event(LOCAL_EVENT));
}

export function readAdminToken(): string | null {
  return storage()?.getItem(ADMIN_TOKEN_KEY) || null;
}

/** The stored user as text, exactly as kept. */
export function readAdminUserText(): string | null {
  return storage()?.getItem(ADMIN_USER_KEY) ?? null;
}

/** The stored user, or null when it is missing or unparsable. */
export function readAdminUser(): AdminUser | null {
  return parseAdminUser(readAdminUserText());
}

export function parseAdminUser(raw: string | null): AdminUser | null {
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as unknown;
    if (user && typeof user === 'object' && typeof (user as AdminUser).username === 'string') {
      return user as AdminUser;
    }
    return null;
  } catch {
    return null;
  }
}

export function writeAdminSession(token: string, user: AdminUser): void {
  storage()?.setItem(ADMIN_TOKEN_KEY, token);
  storage()?.setItem(ADMIN_USER_KEY, JSON.stringify(user));
  window.dispatchEvent(new Event(LOCAL_EVENT));
}

export function clearAdminSession(): void {
  storage()?.removeItem(ADMIN_TOKEN_KEY);
  storage()?.removeItem(ADMIN_USER_KEY);
  window.dispatchEvent(new Event(LOCAL_EVENT));
}

/** Calls onChange whenever this tab or another one changes the stored values. */
export function subscribeAdminStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(LOCAL_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(LOCAL_EVENT, onChange);
  };
}

/** Whether this browser may edit texts in place: edit mode on and a stored admin user. */
export function canEditInPlace(): boolean {
  return readEditMode() && readAdminUser()?.isAdmin === true;
}

// "Show on page": the address of a page with one of its texts to highlight
// in edit mode (`/about-us?section=about.values&key=items.excellence.title`).

/** The address of path with the text (section, key) to highlight there. */
export function showTextHref(path: string, section: string, key: string): string {
  return `${path}?${new URLSearchParams({ section, key })}`;
}

/** The text a page's query asks to highlight, if any. */
export function readShownText(search: string): { section: string; key: string } | null {
  const params = new URLSearchParams(search);
  const section = params.get('section');
  const key = params.get('key');
  return section && key ? { section, key } : null;
}

const serverFalse = () => false;

/** Whether this browser edits in place, kept up to date. The server and hydration see false. */
export function useCanEdit(): boolean {
  return useSyncExternalStore(subscribeAdminStorage, canEditInPlace, serverFalse);
}
