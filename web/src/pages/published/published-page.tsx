import { Fragment } from 'react';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { useSiteData } from '@/lib/site-data-context';

/**
 * A page's text as paragraphs, each a list of lines: blank lines part
 * paragraphs, single line breaks part lines. The text is plain: it is
 * rendered as text, never as HTML.
 */
export function paragraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.split('\n').map((line) => line.trim()).filter((line) => line !== ''))
    .filter((lines) => lines.length > 0);
}

/** A page an admin published, at /{slug}: its title, its cover, its text and the call to a consultation. */
export function PublishedPageView() {
  const { page } = useSiteData();
  if (!page) return null;
  return (
    <>
      <PageHero eyebrow="" title={page.title} lead={page.excerpt} actions={false} />
      <Section>
        {page.cover && (
          <ResponsiveImage
            media={page.cover}
            sizes="(min-width: 1280px) 1216px, calc(100vw - 48px)"
            priority
            className="mb-12 aspect-[2/1] h-auto w-full rounded-3xl object-cover shadow-xl ring-1 ring-slate-200"
          />
        )}
        <div className="max-w-3xl space-y-6 text-lg leading-8 break-words text-slate-700">
          {paragraphs(page.content).map((lines, i) => (
            <p key={i}>
              {lines.map((line, j) => (
                <Fragment key={j}>
                  {j > 0 && <br />}
                  {line}
                </Fragment>
              ))}
            </p>
          ))}
        </div>
      </Section>
      <CtaBanner
        title="Ready to put AI to work?"
        text="Talk to a senior consultant in a free 30-minute call and get a written proposal within 24 hours."
      />
    </>
  );
}
