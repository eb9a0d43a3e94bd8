import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { HeroContent } from '@/content/types';
import { displayHeading, heroLead } from '@/components/marketing/headings';
import { consultation, heroActions } from '@/content/shared';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';

/**
 * Where the drawing stands from 1024 px: right of the text (`split`), left of
 * it (`flip`), or under a title that runs the whole width, beside the lead,
 * below a hairline (`wide`). Below 1024 px the text has the width, whatever
 * the layout.
 */
export type HeroLayout = 'split' | 'flip' | 'wide';

const grids: Record<HeroLayout, string> = {
  split: 'lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_26rem]',
  flip: 'lg:grid-cols-[20rem_minmax(0,1fr)] xl:grid-cols-[26rem_minmax(0,1fr)]',
  wide: 'lg:grid-cols-[minmax(0,1fr)_16rem] xl:grid-cols-[minmax(0,1fr)_20rem]',
};

/**
 * The dark opening band of every inner page, with the one H1 of the page; an
 * empty eyebrow or lead is left out. Its texts are the keys eyebrow, title
 * and lead of `section` (else of the enclosing ContentSection). With `art`, a
 * drawing stands beside the text from 1024 px (hidden below: the text has the
 * width there), where `layout` puts it.
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
  /** Where the drawing stands: so that pages of a kind do not all open alike. */
  layout?: HeroLayout;
};

export function PageHero({ eyebrow, title, lead, children, actions = true, art, section, layout = 'split' }: PageHeroProps) {
  const wide = art && layout === 'wide';
  const heading = (
    <>
      {eyebrow && (
        <EditableText as="p" contentKey="eyebrow" fallback={eyebrow} className="mb-4 text-sm font-semibold tracking-widest text-brand-200 uppercase" />
      )}
      <EditableText
        as="h1"
        id="page-title"
        contentKey="title"
        fallback={title}
        className={cx(displayHeading, wide ? 'max-w-5xl' : 'max-w-4xl')}
      />
    </>
  );
  const body = (
    <>
      {lead && <EditableText as="p" contentKey="lead" fallback={lead} multiline className={cx(heroLead, 'mt-6 max-w-2xl text-slate-200')} />}
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
    </>
  );
  const drawing = art && <div aria-hidden="true" className={cx('hidden lg:block', layout === 'flip' && 'lg:order-first')}>{art}</div>;
  const hero = (
    <section className="relative isolate overflow-hidden bg-ink text-white" aria-labelledby="page-title">
      <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
      <div aria-hidden="true" className="hero-grid absolute inset-0 -z-10" />
      <div className="mx-auto max-w-7xl px-6 pt-20 pb-20 sm:pt-28 sm:pb-24 lg:px-8">
        {wide ? (
          <>
            {heading}
            <div className={cx('items-start gap-12 lg:mt-10 lg:grid lg:border-t lg:border-white/15 lg:pt-4', grids.wide)}>
              <div>{body}</div>
              {drawing}
            </div>
          </>
        ) : (
          <div className={cx(art ? 'items-center gap-12 lg:grid' : null, art ? grids[layout] : null)}>
            <div>
              {heading}
              {body}
            </div>
            {drawing}
          </div>
        )}
      </div>
    </section>
  );
  return section ? <ContentSection id={section}>{hero}</ContentSection> : hero;
}
