import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { HeroContent } from '@/content/types';
import { consultation, heroActions } from '@/content/shared';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';

/**
 * The dark opening band of every inner page, with the one H1 of the page; an
 * empty eyebrow or lead is left out. Its texts are the keys eyebrow, title
 * and lead of `section` (else of the enclosing ContentSection). With `art`, a
 * drawing stands beside the text from 1024 px (hidden below: the text has the
 * width there).
 */
type PageHeroProps = HeroContent & {
  /** Replaces the default consultation and case-study buttons. */
  children?: React.ReactNode;
  /** False for pages where the buttons would only repeat the page's own purpose. */
  actions?: boolean;
  /** A decorative drawing (an svg with a width and height) for the hero's right half. */
  art?: React.ReactNode;
  /** The section of its texts; without one, the enclosing ContentSection. */
  section?: string;
};

export function PageHero({ eyebrow, title, lead, children, actions = true, art, section }: PageHeroProps) {
  const hero = (
    <section className="relative isolate overflow-hidden bg-ink text-white" aria-labelledby="page-title">
      <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
      <div aria-hidden="true" className="hero-grid absolute inset-0 -z-10" />
      <div className={cx('mx-auto max-w-7xl px-6 pt-20 pb-20 sm:pt-28 sm:pb-24 lg:px-8', art ? 'items-center gap-12 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_26rem]' : null)}>
        <div>
          {eyebrow && (
            <EditableText as="p" contentKey="eyebrow" fallback={eyebrow} className="mb-4 text-sm font-semibold tracking-widest text-brand-200 uppercase" />
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
                    <EditableText section="shared.consultation" contentKey="label" fallback={consultation.label} />
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
        {art && <div aria-hidden="true" className="hidden lg:block">{art}</div>}
      </div>
    </section>
  );
  return section ? <ContentSection id={section}>{hero}</ContentSection> : hero;
}
