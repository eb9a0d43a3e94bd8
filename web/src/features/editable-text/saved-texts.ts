// Texts saved in place during this visit. The page data came with the page,
// so a saved text would otherwise show its old value until the next load.

import type { SiteMedia } from '@/lib/site-data';

type Listener = () => void;

const saved = new Map<string, string>();
const listeners = new Set<Listener>();
// Counts the saves of this visit: what a view of several texts subscribes to.
let version = 0;

function id(section: string, key: string): string {
  return `${section}\u0000${key}`;
}

// The pending drafts of the texts (drafts mode), shown to the editor in
// place of the published values until a save of this visit replaces them.
const drafted = new Map<string, string>();

export function getSavedText(section: string, key: string): string | undefined {
  const k = id(section, key);
  return saved.get(k) ?? drafted.get(k);
}

/** Shows the pending drafts in place of the published texts; they do not count as changed in this visit. */
export function setDraftTexts(drafts: { section: string; key: string; value: string }[]): void {
  drafted.clear();
  for (const d of drafts) drafted.set(id(d.section, d.key), d.value);
  version++;
  for (const l of listeners) l();
}

export function setSavedText(section: string, key: string, value: string): void {
  saved.set(id(section, key), value);
  version++;
  for (const l of listeners) l();
}

export function subscribeSavedTexts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Grows with each text saved in this visit. */
export function savedTextVersion(): number {
  return version;
}

/** How many texts were saved (or reset) in this visit. */
export function savedTextCount(): number {
  return saved.size;
}

// Images chosen in place during this visit: the page data holds only the
// images its texts named when the page loaded.
const media = new Map<number, SiteMedia>();

/** The image of the media library chosen in this visit with this id, if any. */
export function getSavedMedia(id: number): SiteMedia | undefined {
  return media.get(id);
}

/** Keeps an image chosen in place, so that a text naming it shows it. */
export function setSavedMedia(item: SiteMedia): void {
  media.set(item.id, item);
  for (const l of listeners) l();
}
