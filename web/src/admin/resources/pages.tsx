import { Send } from 'lucide-react';
import type { Page } from '@/lib/api-types';
import { pageSchema, pageStatuses } from '../lib/schemas';
import { truncate } from '../lib/text';
import type { ResourceConfig } from '../resource-config';
import { Badge } from '../ui/badge';

export const pages: ResourceConfig<Page> = {
  resource: 'pages',
  noun: 'Page',
  plural: 'pages',
  title: 'Pages',
  description: 'Content pages, as drafts or published.',
  dialogDescription: 'A page with its text and what search engines see.',
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'About our approach' },
    { name: 'slug', label: 'Slug', kind: 'text', required: true, placeholder: 'about-our-approach', hint: 'Left empty, it is made from the title.' },
    { name: 'content', label: 'Content', kind: 'textarea', required: true },
    { name: 'excerpt', label: 'Excerpt', kind: 'textarea' },
    { name: 'metaTitle', label: 'Meta Title', kind: 'text' },
    { name: 'status', label: 'Status', kind: 'select', options: pageStatuses, initial: 'draft' },
    { name: 'metaDescription', label: 'Meta Description', kind: 'textarea' },
    { name: 'template', label: 'Template', kind: 'text', placeholder: 'default', initial: 'default' },
    { name: 'featuredImage', label: 'Featured Image', kind: 'image', hint: 'The cover at the top of the page.' },
  ],
  schema: pageSchema,
  name: (p) => p.title,
  badges: (p) => <Badge variant={p.status === 'published' ? 'success' : 'warning'}>{p.status === 'published' ? 'Published' : 'Draft'}</Badge>,
  commands: [
    {
      action: 'publish',
      label: 'Publish',
      icon: Send,
      shows: (p) => p.status !== 'published',
      success: 'Page published successfully',
      failure: 'Failed to publish page',
    },
  ],
  messages: { empty: 'No pages found.', createFailed: 'Failed to create page', updateFailed: 'Failed to update page' },
  row: (p) => (
    <>
      <p className="font-medium text-slate-900">{p.title}</p>
      <p className="font-mono text-sm text-slate-500">/{p.slug}</p>
      <p className="mt-1 text-sm text-slate-700">{truncate(p.content)}</p>
      {p.metaDescription && <p className="mt-1 text-xs text-slate-500">{truncate(p.metaDescription)}</p>}
    </>
  ),
};
