// Which fields of the copy are texts a visitor reads: the editable texts of
// a section (content/registry.ts), and those of a group's template that an
// item added in edit mode must rewrite before visitors see it
// (features/editable-text/group-order.ts).

/** Fields of the copy that are not texts a visitor reads. */
export const NOT_TEXT: ReadonlySet<string> = new Set(['id', 'href', 'to', 'src', 'icon', 'width', 'height', 'alt', 'initials', 'slug', 'fact']);
