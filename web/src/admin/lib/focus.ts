/**
 * Focuses the first field, in the form's order, that has an error: on a
 * phone the errors of a long form may be out of view, and the focus brings
 * the field into view and reads it out.
 */
export function focusFirstInvalid(order: string[], errors: Record<string, string>, idOf: (name: string) => string): void {
  const first = order.find((name) => errors[name]);
  if (first) document.getElementById(idOf(first))?.focus();
}
