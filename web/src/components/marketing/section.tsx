import { useRef } from 'react';
import { headline } from '@/components/marketing/headings';
import { cx } from '@/lib/cx';
import { useReveal } from '@/components/motion/use-reveal';
import { EditableText } from '@/features/editable-text/editable-text';

/** The ground of a band: white, muted (`slate-50`) or dark (ink). */
export type SectionTone = 'white' | 'muted' | 'dark';

type SectionProps = React.ComponentProps<'section'> & {
  tone?: SectionTone;
};

const tones = {
  white: 'bg-white',
  muted: 'bg-slate-50',
  dark: 'bg-ink text-white',
};

/** A page section with the site's spacing, fading in as it scrolls into view. */
export function Section({ className, tone = 'white', children, ...props }: SectionProps) {
  const ref = useRef<HTMLElement>(null);
  useReveal(ref);
  return (
    <section ref={ref} data-tone={tone} className={cx('py-20 sm:py-28', tones[tone], className)} {...props}>
      <div className="mx-auto max-w-7xl px-6 lg:px-8">{children}</div>
    </section>
  );
}

type HeadingProps = {
  eyebrow?: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  align?: 'center' | 'left';
  id?: string;
  dark?: boolean;
};

/**
 * The eyebrow, H2 and lead paragraph that open a section. A text given as a
 * string is editable, under the key of its prop's name (eyebrow, title,
 * description) in the enclosing ContentSection; a node is shown as given.
 */
export function SectionHeading({ eyebrow, title, description, align = 'center', id, dark }: HeadingProps) {
  const titleClass = cx(headline, 'mt-3', dark ? 'text-white' : 'text-ink');
  const descriptionClass = cx('mt-5 text-lg leading-8', dark ? 'text-slate-300' : 'text-slate-600');
  return (
    <div className={cx('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow && (
        <EditableText
          as="p"
          contentKey="eyebrow"
          fallback={eyebrow}
          className={cx('text-sm font-semibold tracking-widest uppercase', dark ? 'text-brand-300' : 'text-brand')}
        />
      )}
      {typeof title === 'string' ? (
        <EditableText as="h2" id={id} contentKey="title" fallback={title} className={titleClass} />
      ) : (
        <h2 id={id} className={titleClass}>
          {title}
        </h2>
      )}
      {typeof description === 'string' ? (
        <EditableText as="p" contentKey="description" fallback={description} multiline className={descriptionClass} />
      ) : (
        description && <div className={descriptionClass}>{description}</div>
      )}
    </div>
  );
}
