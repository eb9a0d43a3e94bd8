import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { notFound } from '@/content/shared';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';

export function NotFoundPage() {
  return (
    <ContentSection id="not-found">
      <section className="mx-auto flex max-w-3xl flex-col items-center px-6 py-32 text-center">
        <EditableText as="p" contentKey="code" fallback={notFound.code} className="text-base font-semibold text-brand" />
        <EditableText as="h1" contentKey="title" fallback={notFound.title} className="mt-4 text-4xl font-bold tracking-tight text-ink sm:text-5xl" />
        <EditableText as="p" contentKey="text" fallback={notFound.text} multiline className="mt-6 text-lg text-slate-600" />
        <Button asChild className="mt-10">
          <Link to="/">
            <EditableText contentKey="back" fallback={notFound.back} />
          </Link>
        </Button>
      </section>
    </ContentSection>
  );
}
