import { Badge } from '@/components/ui/badge';

export { Badge };

/** The active or inactive badge of menu items, testimonials and footer links. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'muted'}>{active ? 'Active' : 'Inactive'}</Badge>;
}
