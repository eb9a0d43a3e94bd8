import { ExternalLink, Send } from 'lucide-react';
import type { Page } from '@/lib/api-types';
import { formatDate } from '@/lib/dates';
import type { FormValues } from '../lib/fields';
import { pageChecks } from '../lib/page-checks';
import { articleCategories, pageSchema, pageStatuses, pageTemplates } from '../lib/schemas';
import { truncate } from '../lib/text';
import type { ResourceConfig } from '../resource-config';
import { Badge } from '@/components/ui/badge';
import { SharePreviewButton } from './preview-links';
import { isScheduled, SchedulePageButton } from './schedule-page';
import { localZone } from '@/lib/time-zones';

const isArticle = (values: FormValues) => values.template === 'article';

/** Where visitors open the page: an article under /blog. */
export function pagePath(p: Pick<Page, 'slug' | 'template'>): string {
  return p.template === 'article' ? `/blog/${p.slug}` : `/${p.slug}`;
}

/** Whether visitors see the page now: published, active and its time reached. */
function isLive(p: Pick<Page, 'status' | 'isActive' | 'publishedAt'>): boolean {
  return p.status === 'published' && p.isActive && !isScheduled(p);
}

export const pages: ResourceConfig<Page> = {
  resource: 'pages',
  noun: 'Page',
  plural: 'pages',
  title: 'Pages',
  description: 'Content pages and blog articles, as drafts or published.',
  dialogDescription: 'A page with its text and what search engines see.',
  fields: [
    // First: what the page is decides which fields it has and where it answers.
    { name: 'template', label: 'Template', kind: 'select', options: pageTemplates, initial: 'default', wide: true, hint: 'A page answers at /slug, an article at /blog/slug.' },
    { name: 'title', label: 'Title', kind: 'text', required: true, placeholder: 'About our approach' },
    // Not marked required: left empty, the title makes it.
    { name: 'slug', label: 'Slug', kind: 'text', placeholder: 'about-our-approach', hint: 'Left empty, it is made from the title.' },
    { name: 'body', label: 'Body', kind: 'richtext', required: true },
    { name: 'excerpt', label: 'Excerpt', kind: 'textarea' },
    { name: 'metaTitle', label: 'Meta Title', kind: 'text' },
    { name: 'status', label: 'Status', kind: 'select', options: pageStatuses, initial: 'draft' },
    {
      name: 'publishedAt',
      label: 'Publish At',
      kind: 'datetime',
      hint: `A published page goes live at this time, in your time zone (${localZone()}). Left empty, it goes live when published.`,
    },
    { name: 'metaDescription', label: 'Meta Description', kind: 'textarea' },
    { name: 'author', label: 'Author', kind: 'text', placeholder: 'Dr. Amelia Hart', shows: isArticle },
    { name: 'category', label: 'Category', kind: 'select', options: articleCategories, required: true, shows: isArticle },
    { name: 'tags', label: 'Tags', kind: 'text', placeholder: 'Strategy, MLOps', hint: 'Separated by commas: at most 10, each up to 40 characters.', shows: isArticle },
    { name: 'featuredImage', label: 'Featured Image', kind: 'image', hint: 'The cover at the top of the page.' },
  ],
  schema: pageSchema,
  checks: pageChecks,
  name: (p) => p.title,
  badges: (p) =>
    isScheduled(p) ? (
      <Badge variant="info">
        Scheduled&nbsp;·&nbsp;<time dateTime={p.publishedAt ?? ''}>{formatDate(p.publishedAt)}</time>
      </Badge>
    ) : (
      <Badge variant={p.status === 'published' ? 'success' : 'warning'}>{p.status === 'published' ? 'Published' : 'Draft'}</Badge>
    ),
  rowButtons: (p) => (
    <>
      <SchedulePageButton page={p} />
      <SharePreviewButton page={p} />
    </>
  ),
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
      <p className="font-medium text-default">
        {p.title}
        {p.template === 'article' && <span className="ml-2 text-xs font-normal text-muted">Article{p.category && ` · ${p.category}`}</span>}
      </p>
      {/* Staff see a page that is not live at its address too, as a preview. */}
      <a
        href={pagePath(p)}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 font-mono text-sm text-primary-strong underline-offset-2 hover:underline"
      >
        {pagePath(p)}
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{isLive(p) ? '(opens the public page in a new tab)' : '(opens a preview in a new tab)'}</span>
      </a>
      <p className="mt-1 text-sm text-body">{truncate(p.content)}</p>
      {p.metaDescription && <p className="mt-1 text-xs text-muted">{truncate(p.metaDescription)}</p>}
    </>
  ),
};
