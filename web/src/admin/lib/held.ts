import { useState } from 'react';

// What someone typed into a card of the admin, held in memory while the
// admin stays open, so that switching tabs (which unmounts the card) loses
// nothing. Nothing held here is written to storage: passwords are typed
// into these cards, and a reload forgets them on purpose.

const held = new Map<string, unknown>();

/**
 * State that outlives its component until released: the value held under
 * key when the component mounts again, else initial. release() forgets it
 * (it was saved, or thrown away) and goes back to initial.
 */
export function useHeld<T>(key: string, initial: T): [T, (value: T) => void, () => void] {
  const [value, setValue] = useState<T>(() => (held.has(key) ? (held.get(key) as T) : initial));
  const set = (next: T) => {
    held.set(key, next);
    setValue(next);
  };
  const release = () => {
    held.delete(key);
    setValue(initial);
  };
  return [value, set, release];
}

/** Forgets everything held: the user signed out. */
export function releaseAllHeld(): void {
  held.clear();
}
