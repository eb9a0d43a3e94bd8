import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-6 py-32 text-center">
      <p className="text-base font-semibold text-brand">404</p>
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-ink sm:text-5xl">404 Page Not Found</h1>
      <p className="mt-6 text-lg text-slate-600">
        The page you were looking for has moved or never existed.
      </p>
      <Button asChild className="mt-10">
        <Link to="/">Back to the home page</Link>
      </Button>
    </section>
  );
}
