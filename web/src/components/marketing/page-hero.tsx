import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { HeroContent } from '@/content/types';
import { heroActions } from '@/content/shared';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';

/**
 * The dark opening band of every inner page, with the one H1 of the page; an
 * empty eyebrow or lead is left out. Its texts are the keys eyebrow, title
 * and lead of the enclosing ContentSection.
 */
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
        {eyebrow && (
          <EditableText as="p" contentKey="eyebrow" fallback={eyebrow} className="mb-4 text-sm font-semibold tracking-widest text-blue-200 uppercase" />
        )}
        <EditableText
          as="h1"
          id="page-title"
          contentKey="title"
          fallback={title}
          className="max-w-4xl text-3xl font-bold tracking-tight min-[22rem]:text-4xl sm:text-5xl lg:text-6xl"
        />
        {lead && <EditableText as="p" contentKey="lead" fallback={lead} multiline className="mt-6 max-w-2xl text-lg leading-8 text-slate-200" />}
        {children ?? (actions && (
          <ContentSection id="shared.hero-actions">
            <div className="mt-10 flex flex-col gap-4 sm:flex-row">
              <Button asChild size="lg" variant="inverse">
                <Link to="/ai-journey">
                  <EditableText contentKey="primary" fallback={heroActions.primary} />
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="ghost">
                <Link to="/case-studies">
                  <EditableText contentKey="secondary" fallback={heroActions.secondary} />
                </Link>
              </Button>
            </div>
          </ContentSection>
        ))}
      </div>
    </section>
  );
}
