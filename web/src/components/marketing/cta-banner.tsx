import { ArrowRight, CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { headline } from '@/components/marketing/headings';
import { ctaBanner } from '@/content/shared';
import { ContentSection } from '@/features/editable-text/content-scope';
import { EditableText } from '@/features/editable-text/editable-text';
import { cx } from '@/lib/cx';

type CtaProps = {
  title: string;
  text: string;
  /** The page's own button label (key label of the enclosing section); the shared one when absent. */
  label?: string;
  /** The section of those texts; without one, the enclosing ContentSection. */
  section?: string;
};

/**
 * The call to action that closes a content page: a free consultation. Its
 * title and text are the keys title and text of `section` (else of the
 * enclosing ContentSection); the button and the note are shared by every page.
 */
export function CtaBanner({ title, text, label, section }: CtaProps) {
  const banner = (
    // Right after a white section, whose own padding already sets the banner
    // off, it adds no space of its own above it.
    <section className="bg-white py-20 sm:py-24 [[data-tone=white]+&]:pt-0" aria-labelledby="cta-title">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-brand-strong px-4 py-16 text-center shadow-xl sm:px-16">
          <div aria-hidden="true" className="cta-glow absolute inset-0 -z-10" />
          <CalendarCheck aria-hidden="true" className="mx-auto size-10 text-brand-100" />
          <EditableText
            as="h2"
            id="cta-title"
            contentKey="title"
            fallback={title}
            className={cx(headline, 'mx-auto mt-6 max-w-2xl text-white')}
          />
          <EditableText as="p" contentKey="text" fallback={text} multiline className="mx-auto mt-5 max-w-xl text-lg leading-8 text-brand-50" />
          <div className="mt-10 flex flex-col items-center justify-center gap-4 lg:flex-row">
            <Button asChild size="lg" variant="inverse">
              <Link to="/ai-journey">
                {label ? (
                  <EditableText contentKey="label" fallback={label} />
                ) : (
                  <EditableText section="shared.cta" contentKey="label" fallback={ctaBanner.label} />
                )}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
            <ContentSection id="shared.cta">
              <EditableText as="p" contentKey="note" fallback={ctaBanner.note} className="text-sm text-brand-50" />
            </ContentSection>
          </div>
        </div>
      </div>
    </section>
  );
  return section ? <ContentSection id={section}>{banner}</ContentSection> : banner;
}
