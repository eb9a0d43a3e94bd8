import { ChevronLeft, ChevronRight, Mail } from 'lucide-react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { blog, type BlogCategory, type BlogPost } from '@/content/blog';
import { ContentItem, ContentSection, useContentGroup, useStoredText } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';

const pageButton = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2.5 text-sm font-semibold sm:px-3';

const newCategory: Omit<BlogCategory, 'id'> = { label: 'New category' };

const newPost: Omit<BlogPost, 'id'> = {
  title: 'New post',
  excerpt: 'What the post is about, in a sentence or two.',
  author: 'Author',
  date: 'January 1, 2025',
  category: 'Category',
  readTime: '5 min read',
  tags: ['Tag'],
};

/** The posts in their saved order; call inside the section blog.posts. */
function usePosts() {
  return useContentGroup('items', blog.posts.items, newPost);
}

function Categories() {
  const shown = useContentGroup('items', blog.categories.items, newCategory);
  return (
    <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
      {shown.map((c) => {
        // The filter value is the id; only the label is a text. The
        // controls of a category in edit mode go beside its button.
        const active = c.id === 'all';
        return (
          <ContentItem key={c.id} group="items" id={c.id} items={shown} controls="inline">
            <button
              type="button"
              aria-pressed={active}
              className={cx(
                'rounded-full px-4 py-2 text-sm font-semibold ring-1 transition',
                active ? 'bg-brand text-white ring-brand' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              <EditableText contentKey="label" fallback={c.label} />
            </button>
          </ContentItem>
        );
      })}
    </div>
  );
}

function PostCard({ post: p }: { post: BlogPost }) {
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <EditableText as="p" contentKey="category" fallback={p.category} className="text-xs font-semibold tracking-widest text-brand uppercase" />
      <EditableText as="h2" contentKey="title" fallback={p.title} className="mt-3 text-lg font-semibold text-ink" />
      <EditableText as="p" contentKey="excerpt" fallback={p.excerpt} multiline className="mt-3 flex-1 text-sm leading-6 text-slate-600" />
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
        {p.tags.map((t, i) => (
          <EditableText key={i} as="li" contentKey={`tags.${i}`} fallback={t} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700" />
        ))}
      </ul>
      {/* The author on a line of their own, the date and reading time beneath: no line starts with a separator. */}
      <p className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-600">
        <EditableText contentKey="author" fallback={p.author} className="block font-medium text-slate-800" />
        <EditableText contentKey="date" fallback={p.date} className="whitespace-nowrap" /> ·{' '}
        <EditableText contentKey="readTime" fallback={p.readTime} className="whitespace-nowrap" />
      </p>
    </article>
  );
}

function Posts() {
  const shown = usePosts();
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {shown.map((p) => (
        <li key={p.id}>
          <ContentItem group="items" id={p.id} items={shown}>
            <PostCard post={p} />
          </ContentItem>
        </li>
      ))}
    </ul>
  );
}

/** The first three posts, with the titles and dates of the posts themselves. */
function PopularPosts() {
  const popular = usePosts().slice(0, 3);
  return (
    <ol className="mt-4 space-y-4">
      {popular.map((p, i) => (
        <li key={p.id} className="flex gap-3">
          <span className="text-2xl font-bold text-slate-300" aria-hidden="true">
            {i + 1}
          </span>
          <span>
            <ContentItem group="items" id={p.id}>
              <EditableText contentKey="title" fallback={p.title} className="block text-sm font-semibold text-ink" />
              <EditableText contentKey="date" fallback={p.date} className="text-xs text-slate-600" />
            </ContentItem>
          </span>
        </li>
      ))}
    </ol>
  );
}

function Pagination() {
  const { previous, next } = blog.pagination;
  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-1 sm:gap-2">
      <button type="button" disabled className={cx(pageButton, 'text-slate-500 disabled:cursor-not-allowed')}>
        <ChevronLeft aria-hidden="true" className="size-4" /> <EditableText contentKey="previous" fallback={previous} />
      </button>
      {[1, 2, 3].map((n) => (
        <button
          key={n}
          type="button"
          aria-current={n === 1 ? 'page' : undefined}
          aria-label={`Page ${n}`}
          className={cx(pageButton, n === 1 ? 'bg-brand text-white' : 'text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50')}
        >
          {n}
        </button>
      ))}
      <button type="button" className={cx(pageButton, 'text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50')}>
        <EditableText contentKey="next" fallback={next} /> <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}

function PopularTags() {
  const { title, items } = blog.tags;
  return (
    <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="tags-title">
      <EditableText as="h2" id="tags-title" contentKey="title" fallback={title} className="text-lg font-semibold text-ink" />
      <ul className="mt-4 flex flex-wrap gap-2">
        {items.map((t, i) => (
          <EditableText key={i} as="li" contentKey={`items.${i}`} fallback={t} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700" />
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
      <Mail aria-hidden="true" className="size-7 text-blue-300" />
      <EditableText as="h2" id="newsletter-title" contentKey="title" fallback={title} className="mt-3 text-lg font-semibold" />
      <EditableText as="p" contentKey="text" fallback={text} multiline className="mt-2 text-sm text-slate-300" />
      <label htmlFor="newsletter-email" className="mt-4 block text-sm font-medium">
        <EditableText contentKey="emailLabel" fallback={emailLabel} />
      </label>
      <input
        id="newsletter-email"
        type="email"
        placeholder={placeholder}
        className="mt-2 block w-full rounded-lg border-0 bg-white px-3.5 py-2.5 text-ink placeholder:text-slate-500"
      />
      <button type="button" className="mt-3 w-full rounded-lg bg-brand px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-strong">
        <EditableText contentKey="subscribe" fallback={subscribe} />
      </button>
    </section>
  );
}

export function BlogPage() {
  return (
    <>
      <ContentSection id="blog.hero">
        <PageHero {...blog.hero} actions={false} />
      </ContentSection>
      <Section aria-label="Articles">
        <ContentSection id="blog.categories">
          <Categories />
        </ContentSection>
        <div className="mt-12 grid grid-cols-1 gap-12 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <ContentSection id="blog.posts">
              <Posts />
            </ContentSection>
            <ContentSection id="blog.pagination">
              <Pagination />
            </ContentSection>
          </div>
          <aside className="space-y-8" aria-label="Sidebar">
            <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="popular-title">
              <ContentSection id="blog.popular">
                <EditableText as="h2" id="popular-title" contentKey="title" fallback={blog.popular.title} className="text-lg font-semibold text-ink" />
              </ContentSection>
              <ContentSection id="blog.posts">
                <PopularPosts />
              </ContentSection>
            </section>
            <ContentSection id="blog.tags">
              <PopularTags />
            </ContentSection>
            <ContentSection id="blog.newsletter">
              <Newsletter />
            </ContentSection>
          </aside>
        </div>
      </Section>
      <ContentSection id="blog.cta">
        <CtaBanner {...blog.cta} />
      </ContentSection>
    </>
  );
}
