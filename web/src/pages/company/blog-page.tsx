import { ChevronLeft, ChevronRight, Mail } from 'lucide-react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { blog } from '@/content/blog';
import { cx } from '@/lib/cx';

const pageButton = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold';

export function BlogPage() {
  const popular = blog.posts.slice(0, 3);
  return (
    <>
      <PageHero {...blog.hero} actions={false} />
      <Section aria-label="Articles">
        <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
          {blog.categories.map((c, i) => (
            <button
              key={c}
              type="button"
              aria-pressed={i === 0}
              className={cx(
                'rounded-full px-4 py-2 text-sm font-semibold ring-1 transition',
                i === 0 ? 'bg-brand text-white ring-brand' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {c}
            </button>
          ))}
        </div>
        <div className="mt-12 grid gap-12 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <ul className="grid gap-6 sm:grid-cols-2">
              {blog.posts.map((p) => (
                <li key={p.title}>
                  <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                    <p className="text-xs font-semibold tracking-widest text-brand uppercase">{p.category}</p>
                    <h2 className="mt-3 text-lg font-semibold text-ink">{p.title}</h2>
                    <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">{p.excerpt}</p>
                    <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
                      {p.tags.map((t) => (
                        <li key={t} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
                          {t}
                        </li>
                      ))}
                    </ul>
                    <p className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-600">
                      <span className="font-medium text-slate-800">{p.author}</span> · {p.date} · {p.readTime}
                    </p>
                  </article>
                </li>
              ))}
            </ul>
            <nav aria-label="Pagination" className="mt-12 flex items-center justify-center gap-2">
              <button type="button" disabled className={cx(pageButton, 'text-slate-500 disabled:cursor-not-allowed')}>
                <ChevronLeft aria-hidden="true" className="size-4" /> Previous
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
                Next <ChevronRight aria-hidden="true" className="size-4" />
              </button>
            </nav>
          </div>
          <aside className="space-y-8" aria-label="Sidebar">
            <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="popular-title">
              <h2 id="popular-title" className="text-lg font-semibold text-ink">
                Popular posts
              </h2>
              <ol className="mt-4 space-y-4">
                {popular.map((p, i) => (
                  <li key={p.title} className="flex gap-3">
                    <span className="text-2xl font-bold text-slate-300" aria-hidden="true">
                      {i + 1}
                    </span>
                    <span>
                      <span className="block text-sm font-semibold text-ink">{p.title}</span>
                      <span className="text-xs text-slate-600">{p.date}</span>
                    </span>
                  </li>
                ))}
              </ol>
            </section>
            <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="tags-title">
              <h2 id="tags-title" className="text-lg font-semibold text-ink">
                Popular tags
              </h2>
              <ul className="mt-4 flex flex-wrap gap-2">
                {blog.tags.map((t) => (
                  <li key={t} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
                    {t}
                  </li>
                ))}
              </ul>
            </section>
            <section className="rounded-2xl bg-ink p-6 text-white" aria-labelledby="newsletter-title">
              <Mail aria-hidden="true" className="size-7 text-blue-300" />
              <h2 id="newsletter-title" className="mt-3 text-lg font-semibold">
                {blog.newsletter.title}
              </h2>
              <p className="mt-2 text-sm text-slate-300">{blog.newsletter.text}</p>
              <label htmlFor="newsletter-email" className="mt-4 block text-sm font-medium">
                Email address
              </label>
              <input
                id="newsletter-email"
                type="email"
                placeholder="you@company.com"
                className="mt-2 block w-full rounded-lg border-0 bg-white px-3.5 py-2.5 text-ink placeholder:text-slate-500"
              />
              <button type="button" className="mt-3 w-full rounded-lg bg-brand px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-strong">
                Subscribe
              </button>
            </section>
          </aside>
        </div>
      </Section>
      <CtaBanner title="Want these ideas applied to your business?" text="Talk to the authors in a free 30-minute consultation." />
    </>
  );
}
