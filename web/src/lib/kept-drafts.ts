import { formatDate } from './dates';

// What someone typed and has not saved yet, kept in this browser, so that a
// reload, a crashed tab or an ended session loses nothing. Every kept thing
// is JSON under "meridian." and its key; a full or blocked storage is
// ignored (what was typed stays on screen).

/** A kept value and when it was kept (ISO time). */
export type Kept<T> = { value: T; savedAt: string };

const prefix = 'meridian.';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** What is kept under key, or null (nothing, or unreadable). */
export function readKept(key: string): unknown {
  try {
    const raw = storage()?.getItem(prefix + key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Keeps value under key, replacing what was there. */
export function writeKept(key: string, value: unknown): void {
  try {
    storage()?.setItem(prefix + key, JSON.stringify(value));
  } catch {
    // What was typed stays on screen.
  }
}

/** Forgets what is kept under key: it was saved, or thrown away. */
export function clearKept(key: string): void {
  try {
    storage()?.removeItem(prefix + key);
  } catch {
    // As above.
  }
}

/** When a draft was kept, as an offer to restore it names it: the time today, else the date. */
export function keptWhen(savedAt: string): string {
  const at = new Date(savedAt);
  return at.toDateString() === new Date().toDateString()
    ? at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
    : formatDate(savedAt);
}
