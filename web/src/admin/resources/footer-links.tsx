import type { FooterLink } from '@/lib/api-types';
import { footerCategories, footerLinkSchema } from '../lib/schemas';
import type { ResourceConfig } from '../resource-config';
import { ActiveBadge, Badge } from '@/components/ui/badge';

export const footerLinks: ResourceConfig<FooterLink> = {
  resource: 'footer-links',
  noun: 'Footer link',
  plural: 'footer links',
  title: 'Footer',
  description: 'The link columns of the site footer.',
  dialogDescription: 'Footer links are grouped by category.',
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'Machine Learning' },
    { name: 'category', label: 'Category', kind: 'select', required: true, options: footerCategories, initial: 'Solutions' },
    { name: 'url', label: 'URL', kind: 'url', pages: true, placeholder: '/machine-learning', hint: 'Optional.' },
    { name: 'order', label: 'Order', kind: 'number', initial: '0' },
    { name: 'isActive', label: 'Active', kind: 'switch', initial: true },
  ],
  schema: footerLinkSchema,
  name: (l) => l.title,
  sort: (a, b) => a.order - b.order,
  groups: { of: (l) => l.category, options: footerCategories, emptyText: 'No links in this category yet.' },
  badges: (l) => <ActiveBadge active={l.isActive} />,
  row: (l) => (
    <>
      <p className="font-medium text-default">{l.title}</p>
      <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-muted">
        <span className="font-mono">{l.url || 'No link'}</span>
        <Badge variant="info">Order {l.order}</Badge>
      </p>
    </>
  ),
};
