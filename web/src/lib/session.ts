import { ApiError, isUnauthorized } from '@/lib/api-client';

// A session that ends while someone works (a dialog open, a draft typed)
// is renewed in place: the write that met the 401 asks for a sign-in, the
// sign-in dialog over the page answers, and the write goes again. Nothing
// is lost and the page stays where it is.

type Waiter = { resolve: () => void; reject: (err: unknown) => void };

let waiters: Waiter[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function subscribeSignIn(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a sign-in is asked for now. */
export function signInRequested(): boolean {
  return waiters.length > 0;
}

/** Asks for a sign-in; resolves once the user signed in again, rejects when they gave up. */
export function requestSignIn(): Promise<void> {
  return new Promise((resolve, reject) => {
    waiters.push({ resolve, reject });
    if (waiters.length === 1) emit();
  });
}

/** The user signed in again: every write that waited goes on. */
export function signedIn(): void {
  const done = waiters;
  waiters = [];
  emit();
  for (const w of done) w.resolve();
}

/** The user gave up signing in: every write that waited fails as signed out. */
export function signInCancelled(): void {
  const done = waiters;
  waiters = [];
  emit();
  const err = new ApiError({ status: 401, message: 'You are signed out. Sign in again to save; what you typed is still here.' });
  for (const w of done) w.reject(err);
}

/** Runs a request; when the session has ended, asks for a sign-in and runs it again. */
export async function withSession<T>(run: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await run();
    } catch (err) {
      if (!isUnauthorized(err)) throw err;
      await requestSignIn();
    }
  }
}
