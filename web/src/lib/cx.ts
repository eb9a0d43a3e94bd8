/**
 * Joins class names, skipping empty and false values. Unlike cn it does not
 * resolve conflicting Tailwind utilities, and so costs nothing: the public
 * pages use it and never pass a utility that contradicts a component's own
 * (a variant or a prop does that), which keeps tailwind-merge, about 8 KB of
 * gzip, out of every first visit. The admin portal keeps cn.
 */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
