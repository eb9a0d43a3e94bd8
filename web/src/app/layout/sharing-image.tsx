import { ImageOff, ImagePlus, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { MediaPickerDialog } from '@/admin/media/media-picker';
import { AdminButton } from '@/components/ui/admin-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { useStoredImage } from '@/features/editable-text/editable-image';
import { useImageChoice } from './image-slot-controls';

/** The section of the texts that name each page's sharing image, by path (the server's site.ShareSection). */
const SHARE_SECTION = 'share';

/** The generated picture the page came with, if its link previews showed that one. */
function generatedPicture(): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="og:image"]');
  return meta && new URL(meta.content, location.href).pathname.startsWith('/og/') ? meta.content : null;
}

/**
 * The sharing image of the page in edit mode, from the edit bar: what link
 * previews of the page show (LinkedIn, Slack, e-mail), an image of the
 * media library chosen for it, or the picture generated from its title.
 */
export function SharingImage({ className, labelClassName }: { className: string; labelClassName?: string }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  const [generated] = useState(generatedPicture);
  const chosen = useStoredImage(SHARE_SECTION, pathname);
  const { busy, choose, remove } = useImageChoice(SHARE_SECTION, pathname, `sharing image of ${pathname}`);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        <Share2 aria-hidden="true" className="size-4" />
        <span className={labelClassName}>Sharing image</span>
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-xl">
          <div className="grid gap-1 pr-8">
            <DialogTitle>Sharing image of this page</DialogTitle>
            <DialogDescription>
              Link previews of <span className="font-medium text-body">{pathname}</span> (LinkedIn, Slack, e-mail) show this picture. The sites that show them keep a copy for a while, so a change can take time to reach them.
            </DialogDescription>
          </div>
          <div className="relative aspect-[1200/630] overflow-hidden rounded-lg bg-surface-sunken ring-1 ring-default">
            {chosen ? (
              <ResponsiveImage media={chosen} sizes="(min-width: 640px) 528px, calc(100vw - 64px)" className="size-full object-cover" />
            ) : generated ? (
              <img src={generated} alt="" width={1200} height={630} className="size-full object-cover" />
            ) : (
              <p className="flex size-full items-center justify-center p-6 text-center text-sm text-body">A picture made from the page’s title, on the brand colours.</p>
            )}
          </div>
          <p className="text-sm text-body" aria-live="polite">
            {chosen ? 'An image of the media library, chosen for this page.' : 'Generated from the page’s title: choose an image to show instead.'}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {chosen && (
              <AdminButton type="button" variant="outline" disabled={busy} onClick={remove}>
                <ImageOff aria-hidden="true" />
                Use the generated picture
              </AdminButton>
            )}
            <AdminButton type="button" variant="primary" disabled={busy} onClick={() => setPicking(true)}>
              <ImagePlus aria-hidden="true" />
              {chosen ? 'Change image' : 'Choose image'}
            </AdminButton>
          </div>
          <MediaPickerDialog open={picking} onOpenChange={setPicking} title="Choose the sharing image" current={chosen?.id} onChoose={choose} />
        </DialogContent>
      </Dialog>
    </>
  );
}
