import { useEffect, useRef, useState } from 'react';
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

/** How long after the last change a draft is kept. */
export const keptDelayMs = 1000;

/**
 * Keeps value under key while unsaved says it differs from what is saved: a
 * moment after each change, and at once when the page is hidden, when it is
 * left (which asks first) and, with keepOnUnmount, when the component goes
 * away. Returns what was kept under key when it mounted, as read makes it
 * (null: nothing usable), to offer back; and how to forget it.
 */
export function useKept<T>(key: string | undefined, value: T, unsaved: boolean, read: (kept: unknown) => Kept<T> | null, keepOnUnmount = false) {
  const [found, setFound] = useState<Kept<T> | null>(() => (key ? read(readKept(key)) : null));
  const latest = useRef({ value, unsaved });
  latest.current = { value, unsaved };

  // Once typing pauses; nothing unsaved keeps nothing of its own, but leaves
  // what was found until it is restored or discarded.
  useEffect(() => {
    if (!key || !unsaved) return;
    const timer = setTimeout(() => writeKept(key, { value, savedAt: new Date().toISOString() }), keptDelayMs);
    return () => clearTimeout(timer);
  }, [key, value, unsaved]);

  useEffect(() => {
    if (!key) return;
    const keep = () => {
      if (latest.current.unsaved) writeKept(key, { value: latest.current.value, savedAt: new Date().toISOString() });
    };
    const ask = (e: BeforeUnloadEvent) => {
      if (!latest.current.unsaved) return;
      keep();
      e.preventDefault();
    };
    addEventListener('pagehide', keep);
    addEventListener('beforeunload', ask);
    return () => {
      removeEventListener('pagehide', keep);
      removeEventListener('beforeunload', ask);
      if (keepOnUnmount) keep();
    };
  }, [key, keepOnUnmount]);

  return {
    /** What was kept when it mounted, until it is restored or discarded. */
    found,
    /** Stops offering it (restored or declined); it stays kept while unsaved. */
    dismiss: () => setFound(null),
    /** Removes what is kept: it was saved, or thrown away. */
    forget: () => {
      setFound(null);
      if (key) clearKept(key);
    },
  };
}
