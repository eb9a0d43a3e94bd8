import { useContentAddress, useStoredValue } from '@/features/editable-text/content-scope';

/**
 * The text an EditableText with this key would show here, for the places
 * that need it as a plain string (a mail subject, a screen-reader suffix,
 * initials): the stored value, else the built-in copy.
 */
export function useStoredText(contentKey: string, fallback: string): string {
  const address = useContentAddress(contentKey);
  const stored = useStoredValue(address?.section ?? '', address?.key ?? '');
  return stored !== undefined && stored !== '' ? stored : fallback;
}
