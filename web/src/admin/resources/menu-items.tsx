import type { MenuItem } from '@/lib/api-types';
import { menuItemSchema, topLevel } from '../lib/schemas';
import type { FieldSpec } from '../lib/fields';
import type { ResourceConfig } from '../resource-config';
import { ActiveBadge, Badge } from '@/components/ui/badge';

const fields: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'AI Solutions' },
  { name: 'url', label: 'URL', kind: 'url', pages: true, required: true, placeholder: '/#solutions', hint: 'A top-level item with items under it may use # to only open them.' },
  { name: 'parentId', label: 'Parent', kind: 'select', initial: topLevel, hint: 'An item under a top-level item shows in its dropdown. When a dropdown holds both kinds, links to the service pages show under the heading Services, the others under Solutions.' },
  { name: 'order', label: 'Order', kind: 'number', hint: 'Lower numbers come first.', initial: '0' },
  { name: 'isActive', label: 'Active', kind: 'switch', initial: true },
];

/** The items in the header's order: each top-level item followed by its children. */
function arrange(items: MenuItem[]): MenuItem[] {
  const top = items.filter((m) => m.parentId == null || !items.some((p) => p.id === m.parentId));
  return top.flatMap((p) => [p, ...items.filter((c) => c.parentId === p.id)]);
}

/**
 * The choices of an item's Parent: the top level, or a top-level item other
 * than itself. Menus go one level deep, so an item with items under it
 * stays top-level (the API refuses to move it), and its own children are
 * never its parent.
 */
export function parentOptions(items: readonly MenuItem[], record?: MenuItem): { value: string; label: string }[] {
  const own = record?.id;
  const hasChildren = own !== undefined && items.some((m) => m.parentId === own);
  const parents = hasChildren ? [] : items.filter((m) => m.parentId == null && m.id !== own);
  return [
    { value: topLevel, label: 'None (top level)' },
    ...[...parents].sort((a, b) => a.order - b.order).map((m) => ({ value: String(m.id), label: m.title })),
  ];
}

export const menuItems: ResourceConfig<MenuItem> = {
  resource: 'menu-items',
  noun: 'Menu item',
  plural: 'menu items',
  title: 'Menu',
  description: 'The navigation links of the site header.',
  dialogDescription: 'Menu items appear in the header of every public page.',
  fields,
  fieldsFor: (items, record) =>
    fields.map((f) =>
      f.name !== 'parentId'
        ? f
        : {
            ...f,
            options: parentOptions(items, record),
            hint: record && items.some((m) => m.parentId === record.id) ? 'It has items under it, so it stays a top-level item: menus go one level deep.' : f.hint,
          },
    ),
  schema: menuItemSchema,
  name: (m) => m.title,
  sort: (a, b) => a.order - b.order,
  arrange,
  badges: (m) => <ActiveBadge active={m.isActive} />,
  // A child is indented under its parent.
  row: (m) => (
    <div className={m.parentId == null ? undefined : 'border-l-2 border-default pl-4 sm:ml-6'} data-menu-child={m.parentId == null ? undefined : ''}>
      <p className="font-medium text-default">{m.title}</p>
      <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-muted">
        <span className="font-mono">{m.url}</span>
        <Badge variant="info">Order {m.order}</Badge>
      </p>
    </div>
  ),
};
