import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { HeroContent } from '@/content/types';

/** The dark opening band of every inner page, with the one H1 of the page; an empty eyebrow or lead is left out. */
type PageHeroProps = HeroContent & {
  /** Replaces the default consultation and case-study buttons. */
  children?: React.ReactNode;
  /** False for pages where the buttons would only repeat the page's own purpose. */
  actions?: boolean;
};

export function PageHero({ eyebrow, title, lead, children, actions = true }: PageHeroProps) {
  return (
    <section className="relative isolate overflow-hidden bg-ink text-white" aria-labelledby="page-title">
      <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
      <div aria-hidden="true" className="hero-grid absolute inset-0 -z-10" />
      <div className="mx-auto max-w-7xl px-6 pt-20 pb-20 sm:pt-28 sm:pb-24 lg:px-8">
        {eyebrow && <p className="mb-4 text-sm font-semibold tracking-widest text-blue-200 uppercase">{eyebrow}</p>}
        <h1 id="page-title" className="max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        {lead && <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-200">{lead}</p>}
        {children ?? (actions && (
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <Button asChild size="lg" variant="inverse">
              <Link to="/ai-journey">
                Book a free consultation
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="ghost">
              <Link to="/case-studies">See client results</Link>
            </Button>
          </div>
        ))}
      </div>
    </section>
  );
}
