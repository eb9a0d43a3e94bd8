// Texts saved in place during this visit. The page data came with the page,
// so a saved text would otherwise show its old value until the next load.

type Listener = () => void;

const saved = new Map<string, string>();
const listeners = new Set<Listener>();

function id(section: string, key: string): string {
  return `${section}\u0000${key}`;
}

export function getSavedText(section: string, key: string): string | undefined {
  return saved.get(id(section, key));
}

export function setSavedText(section: string, key: string, value: string): void {
  saved.set(id(section, key), value);
  for (const l of listeners) l();
}

export function subscribeSavedTexts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many texts were saved (or reset) in this visit. */
export function savedTextCount(): number {
  return saved.size;
}
