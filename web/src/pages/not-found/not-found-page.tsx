import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { notFound } from '@/content/not-found';
import { ContentList, ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';

const destination = { href: '/' };

/** The main destinations of the site, so that a visitor who landed on a dead link still gets somewhere. */
function Destinations() {
  return (
    <nav aria-labelledby="destinations-title" className="mt-16 w-full text-left">
      <EditableText as="h2" id="destinations-title" contentKey="destinations.title" fallback={notFound.destinations.title} className="text-center text-sm font-semibold tracking-widest text-slate-500 uppercase" />
      <ContentList group="destinations.items" items={notFound.destinations.items} template={destination} className="mt-6 grid gap-4 sm:grid-cols-2">
        {(d) => (
          <Link
            to={d.href}
            className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand/40 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            <span className="flex items-center justify-between gap-3 font-semibold text-ink">
              <EditableText contentKey="title" fallback={d.title} />
              <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-brand transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
            </span>
            <EditableText as="span" contentKey="description" fallback={d.description} className="mt-1 text-sm leading-6 text-slate-600" />
          </Link>
        )}
      </ContentList>
    </nav>
  );
}

export function NotFoundPage() {
  return (
    <ContentSection id="not-found">
      <section className="mx-auto flex max-w-3xl flex-col items-center px-6 py-24 text-center sm:py-32">
        <EditableText as="p" contentKey="code" fallback={notFound.code} className="text-base font-semibold text-brand" />
        <EditableText as="h1" contentKey="title" fallback={notFound.title} className="mt-4 text-3xl font-bold tracking-tight text-ink min-[22rem]:text-4xl sm:text-5xl" />
        <EditableText as="p" contentKey="text" fallback={notFound.text} multiline className="mt-6 text-lg text-slate-600" />
        <Button asChild className="mt-10">
          <Link to="/">
            <EditableText contentKey="back" fallback={notFound.back} />
          </Link>
        </Button>
        <Destinations />
      </section>
    </ContentSection>
  );
}
