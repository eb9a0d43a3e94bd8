import type { MenuItem } from '@/lib/api-types';
import { menuItemSchema } from '../lib/schemas';
import type { ResourceConfig } from '../resource-config';
import { ActiveBadge, Badge } from '@/components/ui/badge';

export const menuItems: ResourceConfig<MenuItem> = {
  resource: 'menu-items',
  noun: 'Menu item',
  plural: 'menu items',
  title: 'Menu',
  description: 'The navigation links of the site header.',
  dialogDescription: 'Menu items appear in the header of every public page.',
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'AI Solutions' },
    { name: 'url', label: 'URL', kind: 'url', pages: true, required: true, placeholder: '/#solutions' },
    { name: 'order', label: 'Order', kind: 'number', hint: 'Lower numbers come first.', initial: '0' },
    { name: 'isActive', label: 'Active', kind: 'switch', initial: true },
  ],
  schema: menuItemSchema,
  name: (m) => m.title,
  sort: (a, b) => a.order - b.order,
  badges: (m) => <ActiveBadge active={m.isActive} />,
  row: (m) => (
    <>
      <p className="font-medium text-default">{m.title}</p>
      <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-muted">
        <span className="font-mono">{m.url}</span>
        <Badge variant="info">Order {m.order}</Badge>
      </p>
    </>
  ),
};
