import { RecordHeader } from '@/components/marketing/record-header';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { PreviewBanner } from '@/components/marketing/preview-banner';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { blog } from '@/content/blog';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { RecordBodyText } from '@/features/editable-text/record-body-text';
import { RecordText } from '@/features/editable-text/record-text';
import { articlePath, type SiteData } from '@/lib/site-data';
import { useSiteData } from '@/lib/site-data-context';
import { articleRecord, ArticleTags, blogHref, categoryOf, DateAndReadingTime, useCategoryLabel } from './blog-page';

type Neighbour = NonNullable<NonNullable<SiteData['article']>['previous']>;

function NeighbourLink({ article, side }: { article: Neighbour; side: 'previous' | 'next' }) {
  const next = side === 'next';
  return (
    <div className={next ? 'sm:col-start-2 sm:text-right' : undefined}>
      <a
        href={articlePath(article.slug)}
        rel={next ? 'next' : 'prev'}
        className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand/40 hover:shadow-md"
      >
        <span className={`flex items-center gap-1.5 text-xs font-semibold tracking-widest text-brand uppercase ${next ? 'sm:justify-end' : ''}`}>
          {!next && <ArrowLeft aria-hidden="true" className="size-4" />}
          <EditableText contentKey={side} fallback={blog.article[side]} />
          {next && <ArrowRight aria-hidden="true" className="size-4" />}
        </span>
        <RecordText
          as="span"
          record={articleRecord(article.slug)}
          field="title"
          value={article.title}
          attrs={{ 'data-article': 'true' }}
          className="mt-2 font-semibold text-ink group-hover:text-brand"
        />
      </a>
    </div>
  );
}

/**
 * A published article at /blog/{slug}: its category, title, excerpt and
 * byline, its cover, its text and tags, the articles before and after it,
 * and the call to a consultation. The article's own texts (data-article)
 * are edited in the Pages tab and, in edit mode, in place (its text with
 * the rich-text editor), as are the labels around them.
 */
export function ArticlePage() {
  const { article: a, preview } = useSiteData();
  const category = useCategoryLabel(a?.category ?? '');
  if (!a) return null;
  const categoryId = categoryOf(a.category);
  const record = articleRecord(a.slug);
  return (
    <ContentSection id="blog.article">
      {preview && <PreviewBanner preview={preview} />}
      <article>
        <RecordHeader backHref="/blog" back={<EditableText contentKey="back" fallback={blog.article.back} />}>
          <div data-article>
            {a.category && (
              <p className="mt-8 text-sm font-semibold tracking-widest text-brand-200 uppercase">
                {categoryId ? (
                  <a href={blogHref(categoryId, 1)} className="hover:text-white">
                    <EditableText bare section="blog.categories" contentKey={`items.${categoryId}.label`} fallback={a.category} />
                  </a>
                ) : (
                  category
                )}
              </p>
            )}
            <RecordText
              as="h1"
              id="page-title"
              record={record}
              field="title"
              value={a.title}
              className="mt-4 text-3xl font-bold tracking-tight text-balance min-[22rem]:text-4xl sm:text-5xl"
            />
            {a.excerpt && <RecordText as="p" record={record} field="excerpt" value={a.excerpt} className="mt-6 text-lg leading-8 text-pretty text-slate-200" />}
          </div>
          <p className="mt-8 text-sm text-slate-300">
            {a.author && <RecordText as="span" record={record} field="author" value={a.author} attrs={{ 'data-article': 'true' }} className="block font-semibold text-white" editClassName="mb-2 w-fit" />}
            <DateAndReadingTime post={a} />
          </p>
        </RecordHeader>
        <div className="bg-white py-16 sm:py-20">
          <div className="mx-auto max-w-3xl px-6 lg:px-8">
            {a.cover && (
              <ResponsiveImage
                media={a.cover}
                sizes="(min-width: 768px) 720px, calc(100vw - 48px)"
                priority
                className="mb-12 aspect-[2/1] h-auto w-full rounded-3xl object-cover shadow-xl ring-1 ring-slate-200"
              />
            )}
            <RecordBodyText record={record} doc={a.body} images={a.images} attrs={{ 'data-article': 'text' }} />
            {a.tags.length > 0 && (
              <div className="mt-12 border-t border-slate-200 pt-8">
                <EditableText as="h2" contentKey="tags" fallback={blog.article.tags} className="text-sm font-semibold tracking-widest text-slate-500 uppercase" />
                <ArticleTags post={a} className="mt-3 flex flex-wrap gap-2" itemClassName="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700" attrs={{ 'data-article': 'true' }} />
              </div>
            )}
            {(a.previous || a.next) && (
              <nav aria-label="More articles" className="mt-12 grid gap-4 sm:grid-cols-2">
                {a.previous && <NeighbourLink article={a.previous} side="previous" />}
                {a.next && <NeighbourLink article={a.next} side="next" />}
              </nav>
            )}
          </div>
        </div>
      </article>
      <CtaBanner section="blog.cta" {...blog.cta} />
    </ContentSection>
  );
}
