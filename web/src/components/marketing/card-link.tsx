import { useCanEdit } from '@/features/editable-text/edit-mode';

/** The corner of a card, which the link's target follows. */
const corners = { '2xl': 'after:rounded-2xl', '3xl': 'after:rounded-3xl' };

/**
 * A card's title as the link to its page, over the whole card (the card is
 * `group relative`); in edit mode over the title only, so that a click on
 * the card's other texts edits them.
 */
export function CardLink({ href, corner, children }: { href: string; corner: keyof typeof corners; children: React.ReactNode }) {
  const editing = useCanEdit();
  return (
    <a
      href={href}
      className={
        editing
          ? 'group-hover:text-brand'
          : `after:absolute after:inset-0 ${corners[corner]} group-hover:text-brand focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand`
      }
    >
      {children}
    </a>
  );
}
