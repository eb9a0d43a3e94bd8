import { Star } from 'lucide-react';
import { useSiteData } from '@/lib/site-data-context';
import { Section, SectionHeading } from '@/components/marketing/section';
import { avatarStyles, testimonialSamples, testimonials } from '@/content/home';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { ContentSection } from '@/features/editable-text/content-scope';
import { RecordText, type RecordRef } from '@/features/editable-text/record-text';
import { cx } from '@/lib/cx';
import { mediaRefId } from '@/lib/site-data';

function Stars() {
  return (
    <div role="img" aria-label="Rated 5 out of 5" className="flex gap-0.5 text-amber-500">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className="size-5 fill-current" />
      ))}
    </div>
  );
}

type Author = { initials: string; avatarBg: string; photo?: string };

/** The author's photo from the media library, else their initials on their colour. */
function Avatar({ testimonial: t }: { testimonial: Author }) {
  const { media } = useSiteData();
  const id = mediaRefId(t.photo);
  const photo = id === undefined ? undefined : media[String(id)];
  if (photo) {
    // The name beside it says who it is: the photo has no alt text of its own.
    return <ResponsiveImage media={{ ...photo, alt: '' }} sizes="48px" className="size-12 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className={cx('inline-flex size-12 shrink-0 items-center justify-center rounded-full text-base font-bold', avatarStyles[t.avatarBg] ?? avatarStyles['bg-blue-600'])}
    >
      {t.initials}
    </span>
  );
}

const quoted = (v: unknown) => `“${String(v)}”`;

export function TestimonialsSection() {
  const { testimonials: stored } = useSiteData();
  // Active testimonials from the database, in their order; the built-in
  // samples when none are active.
  const items = stored.length > 0 ? [...stored].sort((a, b) => a.order - b.order) : testimonialSamples;
  return (
    <ContentSection id="testimonials">
      <Section id="testimonials" tone="muted" aria-labelledby="testimonials-title">
        <SectionHeading eyebrow={testimonials.eyebrow} id="testimonials-title" title={testimonials.title} description={testimonials.description} />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {items.map((t, i) => {
            // A stored one's quote, name and role are edited in place; the
            // built-in samples, no records yet, are not (the Testimonials
            // tab copies them into records).
            const record: RecordRef | null =
              stored.length > 0 ? { resource: 'testimonials', match: { name: t.name, title: t.title, content: t.content, order: t.order } } : null;
            return (
              <li key={i} data-testid="testimonial">
                <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
                  <div className="flex items-center justify-between">
                    <Stars />
                    <span aria-hidden="true" className="font-serif text-5xl leading-none text-slate-200">
                      ”
                    </span>
                  </div>
                  <blockquote className="mt-6 flex-1 text-base leading-7 text-slate-700">
                    <RecordText as="p" record={record} field="content" value={t.content} show={quoted} />
                  </blockquote>
                  <figcaption className="mt-8 flex items-center gap-4 border-t border-slate-100 pt-6">
                    <Avatar testimonial={t} />
                    <span>
                      <RecordText as="span" record={record} field="name" value={t.name} className="block font-semibold text-ink" editClassName="mb-2 w-fit" />
                      <RecordText as="span" record={record} field="title" value={t.title} className="block text-sm text-slate-600" editClassName="w-fit" />
                    </span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </Section>
    </ContentSection>
  );
}
