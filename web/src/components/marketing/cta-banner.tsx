import { ArrowRight, CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

type CtaProps = {
  title: string;
  text: string;
  label?: string;
};

/** The call to action that closes a content page: a free consultation. */
export function CtaBanner({ title, text, label = 'Start Your AI Journey' }: CtaProps) {
  return (
    <section className="bg-white py-20 sm:py-24" aria-labelledby="cta-title">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-brand-strong px-6 py-16 text-center shadow-xl sm:px-16">
          <div aria-hidden="true" className="cta-glow absolute inset-0 -z-10" />
          <CalendarCheck aria-hidden="true" className="mx-auto size-10 text-blue-100" />
          <h2 id="cta-title" className="mx-auto mt-6 max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {title}
          </h2>
          <p className="mx-auto mt-5 max-w-xl text-lg leading-8 text-blue-50">{text}</p>
          <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <Button asChild size="lg" variant="inverse">
              <Link to="/ai-journey">
                {label}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
            <p className="text-sm text-blue-50">Free 30-minute consultation · Proposal within 24 hours</p>
          </div>
        </div>
      </div>
    </section>
  );
}
