/** Shortens a preview to max characters, with an ellipsis when cut (SPEC section 9). */
export function truncate(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** A content value as text: strings as they are, anything structured as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

/** The slug rule of SPEC section 5: lower case, non-alphanumeric runs to one hyphen, no hyphen at either end. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
