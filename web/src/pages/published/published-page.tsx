import { CtaBanner } from '@/components/marketing/cta-banner';
import { PageHero } from '@/components/marketing/page-hero';
import { PreviewBanner } from '@/components/marketing/preview-banner';
import { RichText } from '@/components/marketing/rich-text';
import { Section } from '@/components/marketing/section';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { useSiteData } from '@/lib/site-data-context';

/** A page an admin published, at /{slug}: its title, its cover, its text and the call to a consultation. */
export function PublishedPageView() {
  const { page, preview } = useSiteData();
  if (!page) return null;
  return (
    <>
      {preview && <PreviewBanner preview={preview} />}
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
        <RichText doc={page.body} images={page.images} className="max-w-3xl" />
      </Section>
      <CtaBanner
        title="Ready to put AI to work?"
        text="Talk to a senior consultant in a free 30-minute call and get a written proposal within 24 hours."
      />
    </>
  );
}
