import { ArrowRight, ChevronLeft, ChevronRight, Mail, Newspaper } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardLink } from '@/components/marketing/card-link';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { LoadFromServer } from '@/components/ui/load-from-server';
import { blog, categoryIds, type CategoryId } from '@/content/blog';
import { ContentSection, shownText, useStoredText, useStoredValue } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { RecordText, type RecordRef, type RecordValue } from '@/features/editable-text/record-text';
import { NewsletterForm } from '@/features/newsletter/newsletter-form';
import { cx } from '@/lib/cx';
import { articlePath, longDate, type ArticleCard, type BlogList } from '@/lib/site-data';
import { useSiteData } from '@/lib/site-data-context';
import { BlogArt } from '@/pages/company/blog-art';
import { PostCover } from './post-cover';

const pageButton = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2.5 text-sm font-semibold sm:px-3';

/** The address of a page of the list: the category and the page only when they are not all and 1. */
export function blogHref(category: string, page: number): string {
  const q = new URLSearchParams();
  if (category) q.set('category', category);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/blog?${s}` : '/blog';
}

/** The filter value of the category an article names by its label (the built-in label, as the server keeps it). */
export function categoryOf(label: string): Exclude<CategoryId, 'all'> | undefined {
  return categoryIds.find((id): id is Exclude<CategoryId, 'all'> => id !== 'all' && blog.categories.items[id].label === label);
}

/** The label a visitor reads for an article's category: the button's text, as edited. */
export function useCategoryLabel(label: string): string {
  const id = categoryOf(label);
  const stored = useStoredValue('blog.categories', `items.${id ?? 'none'}.label`);
  return id ? shownText(stored, label) : label;
}

/** The page numbers to show: all of up to seven, else the first, the last and the current with its neighbours; 0 is a gap. */
export function pageWindow(page: number, pages: number): number[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const shown = [1, page - 1, page, page + 1, pages].filter((n) => n >= 1 && n <= pages);
  const out: number[] = [];
  for (const n of [...new Set(shown)].sort((a, b) => a - b)) {
    if (out.length > 0 && n - out[out.length - 1] > 1) out.push(0);
    out.push(n);
  }
  return out;
}

// The category buttons are links: the server renders each category's list.
function Categories({ current }: { current: string }) {
  return (
    <nav aria-label="Categories">
      <ul className="flex flex-wrap gap-2">
        {categoryIds.map((id) => {
          const active = (id === 'all' ? '' : id) === current;
          return (
            <li key={id}>
              <a
                href={blogHref(id === 'all' ? '' : id, 1)}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  'inline-flex rounded-full px-4 py-2 text-sm font-semibold ring-1 transition',
                  active ? 'bg-brand text-white ring-brand' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                <EditableText contentKey={`items.${id}.label`} fallback={blog.categories.items[id].label} />
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The minutes an article takes to read, with the label's text. */
function ReadingTime({ minutes }: { minutes: number }) {
  return (
    <span className="whitespace-nowrap">
      {minutes} <EditableText section="blog.article" contentKey="minRead" fallback={blog.article.minRead} />
    </span>
  );
}

/** The article record with this slug, for its texts edited in place. */
export const articleRecord = (slug: string): RecordRef => ({ resource: 'pages', match: { slug } });

/** The day an article was published, as the site writes dates. */
const showDate = (value: RecordValue) => longDate(String(value));

/** An article's publication day, edited in place as a date. */
function ArticleDate({ post: p, className = 'whitespace-nowrap' }: { post: Pick<ArticleCard, 'slug' | 'publishedAt'>; className?: string }) {
  return (
    <RecordText
      as="time"
      record={articleRecord(p.slug)}
      field="publishedAt"
      kind="date"
      value={p.publishedAt}
      show={showDate}
      attrs={{ dateTime: p.publishedAt }}
      className={className}
    />
  );
}

/** When an article was published, then the minutes it takes to read. */
export function DateAndReadingTime({ post: p }: { post: Pick<ArticleCard, 'slug' | 'publishedAt' | 'readingMinutes'> }) {
  return (
    <>
      <ArticleDate post={p} /> · <ReadingTime minutes={p.readingMinutes} />
    </>
  );
}

/** An article's tags, edited in place as one line separated by commas. */
export function ArticleTags({ post: p, className, itemClassName, attrs }: { post: Pick<ArticleCard, 'slug' | 'tags'>; className: string; itemClassName: string; attrs: Record<string, string> }) {
  return (
    <RecordText
      as="ul"
      record={articleRecord(p.slug)}
      field="tags"
      kind="tags"
      value={p.tags}
      className={className}
      attrs={attrs}
      show={(tags) =>
        (typeof tags === 'string' ? [tags] : tags).map((t) => (
          <li key={t} className={itemClassName}>
            {t}
          </li>
        ))
      }
    />
  );
}

/** An article's category: the label of its category's button, edited in place as that text. */
function CategoryLabel({ label, className }: { label: string; className?: string }) {
  const shown = useCategoryLabel(label);
  const id = categoryOf(label);
  if (!id) return <p className={className}>{shown}</p>;
  return <EditableText as="p" section="blog.categories" contentKey={`items.${id}.label`} fallback={label} className={className} />;
}

// The card's texts are the article's own (data-article), edited in the
// Pages tab and, in edit mode, in place; its title links to the article
// over the whole card, its cover included, but in edit mode, where a click
// on a text edits it.
function PostCard({ post: p, eager }: { post: ArticleCard; eager: boolean }) {
  const record = articleRecord(p.slug);
  return (
    <article data-article className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-brand/40 hover:shadow-md">
      <PostCover post={p} category={categoryOf(p.category)} eager={eager} />
      <div className="flex flex-1 flex-col p-6">
        {p.category && <CategoryLabel label={p.category} className="text-xs font-semibold tracking-widest text-brand uppercase" />}
        <h2 className="mt-3 text-lg leading-snug font-semibold text-ink">
          <CardLink href={articlePath(p.slug)} corner="2xl">
            <RecordText record={record} field="title" value={p.title} />
          </CardLink>
        </h2>
        {p.excerpt && <RecordText as="p" record={record} field="excerpt" value={p.excerpt} className="mt-3 flex-1 text-sm leading-6 text-slate-600" />}
        {p.tags.length > 0 && (
          <ArticleTags post={p} className="mt-4 flex flex-wrap gap-2" itemClassName="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700" attrs={{ 'aria-label': 'Tags' }} />
        )}
        {/* The author on a line of their own, the date and reading time beneath: no line starts with a separator. */}
        <p className="relative z-10 mt-5 border-t border-slate-100 pt-4 text-sm text-slate-600">
          {p.author && <RecordText as="span" record={record} field="author" value={p.author} className="block font-medium text-slate-800" editClassName="mb-2 w-fit" />}
          <DateAndReadingTime post={p} />
        </p>
      </div>
    </article>
  );
}

// The first row of cards (two from 640 px) is at the fold: their covers
// load at once, the others as they come near.
const eagerCovers = 2;

function Posts({ posts }: { posts: ArticleCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {posts.map((p, i) => (
        <li key={p.slug}>
          <PostCard post={p} eager={i < eagerCovers} />
        </li>
      ))}
    </ul>
  );
}

/** What the list shows without an article: none at all, or none in the category. */
function EmptyState({ category }: { category: string }) {
  const e = blog.empty;
  return (
    <ContentSection id="blog.empty">
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center">
        <Newspaper aria-hidden="true" className="size-10 text-brand" />
        <EditableText
          as="h2"
          contentKey={category ? 'categoryTitle' : 'title'}
          fallback={category ? e.categoryTitle : e.title}
          className="mt-5 text-2xl font-semibold tracking-tight text-ink"
        />
        <EditableText as="p" contentKey={category ? 'categoryText' : 'text'} fallback={category ? e.categoryText : e.text} multiline className="mt-3 max-w-md text-base leading-7 text-slate-600" />
        <Button asChild className="mt-8">
          {category ? (
            <a href="/blog">
              <EditableText contentKey="all" fallback={e.all} />
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
          ) : (
            <Link to="/case-studies">
              <EditableText contentKey="action" fallback={e.action} />
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          )}
        </Button>
      </div>
    </ContentSection>
  );
}

function Pagination({ list }: { list: BlogList }) {
  const { previous, next } = blog.pagination;
  const { category, page, pages } = list;
  if (pages <= 1) return null;
  const idle = cx(pageButton, 'text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50');
  const off = cx(pageButton, 'cursor-not-allowed text-slate-500');
  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-1 sm:gap-2">
      {page > 1 ? (
        <a href={blogHref(category, page - 1)} rel="prev" className={idle}>
          <ChevronLeft aria-hidden="true" className="size-4" /> <EditableText contentKey="previous" fallback={previous} />
        </a>
      ) : (
        <span aria-disabled="true" className={off}>
          <ChevronLeft aria-hidden="true" className="size-4" /> <EditableText contentKey="previous" fallback={previous} />
        </span>
      )}
      {pageWindow(page, pages).map((n, i) =>
        n === 0 ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <a
            key={n}
            href={blogHref(category, n)}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            className={n === page ? cx(pageButton, 'bg-brand text-white') : idle}
          >
            {n}
          </a>
        ),
      )}
      {page < pages ? (
        <a href={blogHref(category, page + 1)} rel="next" className={idle}>
          <EditableText contentKey="next" fallback={next} /> <ChevronRight aria-hidden="true" className="size-4" />
        </a>
      ) : (
        <span aria-disabled="true" className={off}>
          <EditableText contentKey="next" fallback={next} /> <ChevronRight aria-hidden="true" className="size-4" />
        </span>
      )}
    </nav>
  );
}

/** The three newest articles, with their titles and dates. */
function PopularPosts({ list }: { list: BlogList }) {
  return (
    <ol className="mt-4 space-y-4" data-article>
      {list.popular.map((p, i) => (
        <li key={p.slug} className="flex gap-3">
          <span className="text-2xl leading-7 font-bold text-slate-500" aria-hidden="true">
            {i + 1}
          </span>
          <span>
            <a href={articlePath(p.slug)} className="block text-sm font-semibold text-ink hover:text-brand">
              <RecordText record={articleRecord(p.slug)} field="title" value={p.title} />
            </a>
            <ArticleDate post={p} className="text-xs text-slate-600" />
          </span>
        </li>
      ))}
    </ol>
  );
}

function PopularTags({ tags }: { tags: string[] }) {
  return (
    <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="tags-title">
      <EditableText as="h2" id="tags-title" contentKey="title" fallback={blog.tags.title} className="text-lg font-semibold text-ink" />
      <ul className="mt-4 flex flex-wrap gap-2" data-article>
        {tags.map((t) => (
          <li key={t} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
            {t}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Newsletter() {
  const { title, text, emailLabel, emailPlaceholder, subscribe } = blog.newsletter;
  // An attribute, not an element: editable in the Content tab, not in place.
  const placeholder = useStoredText('emailPlaceholder', emailPlaceholder);
  return (
    <section className="rounded-2xl bg-ink p-6 text-white" aria-labelledby="newsletter-title">
      <Mail aria-hidden="true" className="size-7 text-brand-300" />
      <EditableText as="h2" id="newsletter-title" contentKey="title" fallback={title} className="mt-3 text-lg font-semibold" />
      <EditableText as="p" contentKey="text" fallback={text} multiline className="mt-2 text-sm text-slate-300" />
      <NewsletterForm
        idPrefix="newsletter"
        label={<EditableText contentKey="emailLabel" fallback={emailLabel} />}
        placeholder={placeholder}
        button={<EditableText contentKey="subscribe" fallback={subscribe} />}
      />
    </section>
  );
}

/**
 * The blog: the published articles of a category (or all), a page at a
 * time, as the server chose them for the address (page data `blog`). A move
 * here without a reload has no such data and asks the server.
 */
export function BlogPage() {
  const { blog: list } = useSiteData();
  if (!list) return <LoadFromServer />;
  return (
    <>
      <PageHero section="blog.hero" {...blog.hero} actions={false} art={<BlogArt />} />
      <Section aria-label="Articles">
        <ContentSection id="blog.categories">
          <Categories current={list.category} />
        </ContentSection>
        <div className="mt-12 grid grid-cols-1 gap-12 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {list.posts.length > 0 ? <Posts posts={list.posts} /> : <EmptyState category={list.category} />}
            <ContentSection id="blog.pagination">
              <Pagination list={list} />
            </ContentSection>
          </div>
          <aside className="space-y-8" aria-label="Sidebar">
            {list.popular.length > 0 && (
              <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="popular-title">
                <ContentSection id="blog.popular">
                  <EditableText as="h2" id="popular-title" contentKey="title" fallback={blog.popular.title} className="text-lg font-semibold text-ink" />
                </ContentSection>
                <PopularPosts list={list} />
              </section>
            )}
            {list.tags.length > 0 && (
              <ContentSection id="blog.tags">
                <PopularTags tags={list.tags} />
              </ContentSection>
            )}
            <ContentSection id="blog.newsletter">
              <Newsletter />
            </ContentSection>
          </aside>
        </div>
      </Section>
      <CtaBanner section="blog.cta" {...blog.cta} />
    </>
  );
}
