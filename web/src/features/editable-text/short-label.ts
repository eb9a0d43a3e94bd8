/** A text that names an item, on one line and cut to 48 characters, for a button's or a list's label. */
export function shortLabel(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 48 ? `${one.slice(0, 47).trimEnd()}…` : one;
}
