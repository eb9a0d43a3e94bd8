import { Eye, PencilLine } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/hydrated';
import { longDate, type PagePreview } from '@/lib/site-data';

/**
 * A time as the banner tells it: in UTC from the server (whose engine has
 * no time zones), then in the reader's own zone once the page runs.
 */
function When({ iso, time }: { iso: string; time?: boolean }) {
  const local = useHydrated();
  let text = longDate(iso);
  if (local) {
    text = new Date(iso).toLocaleString(undefined, time ? { dateStyle: 'long', timeStyle: 'short' } : { dateStyle: 'long' });
  } else if (time) {
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    text += `, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
  }
  return <time dateTime={iso}>{text}</time>;
}

/** What the banner says of the page's state: why visitors cannot see it, or that they can. */
function State({ preview }: { preview: PagePreview }) {
  switch (preview.state) {
    case 'draft':
      return (
        <>
          <strong className="font-semibold text-ink">Draft</strong> — visitors cannot see this page yet.
        </>
      );
    case 'scheduled':
      return (
        <>
          <strong className="font-semibold text-ink">
            Scheduled for {preview.publishAt ? <When iso={preview.publishAt} time /> : 'later'}
          </strong>{' '}
          — visitors cannot see this page yet.
        </>
      );
    case 'inactive':
      return (
        <>
          <strong className="font-semibold text-ink">Inactive</strong> — visitors cannot see this page.
        </>
      );
    default:
      return (
        <>
          <strong className="font-semibold text-ink">Published</strong> — visitors see this page too.
        </>
      );
  }
}

/**
 * The band at the top of a preview (a preview link's, or staff at the
 * address of a page not live yet), between the site's header and the
 * page: that this is a preview, the page's state, until when a shared
 * link works, and for staff who may change the page the way to its form.
 * Rendered by the page views of previews only, so no other page loads it.
 * Its words are the staff's, not the site's copy: not editable in place.
 */
export function PreviewBanner({ preview }: { preview: PagePreview }) {
  return (
    <section aria-label="Preview" className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-6 py-3 text-sm leading-6 lg:px-8">
        <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-ink px-3 py-0.5 text-xs font-semibold tracking-widest text-white uppercase">
          <Eye aria-hidden="true" className="size-3.5" />
          {preview.shared ? 'Shared preview' : 'Preview'}
        </span>
        {/* On a phone the link goes beside the label, the words below both. */}
        <p className="order-last w-full text-pretty text-slate-700 sm:order-none sm:w-auto sm:min-w-0 sm:flex-1">
          <State preview={preview} />
          {preview.shared && preview.expiresAt && (
            <>
              {' '}
              This link expires <When iso={preview.expiresAt} />.
            </>
          )}
        </p>
        {preview.editUrl && (
          <Button asChild size="sm" className="ml-auto shrink-0">
            <a href={preview.editUrl}>
              <PencilLine aria-hidden="true" className="size-4" />
              Edit in admin
            </a>
          </Button>
        )}
      </div>
    </section>
  );
}
