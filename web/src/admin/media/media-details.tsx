import { useId, useRef } from 'react';
import { ExternalLink, History, Info, Trash2, TriangleAlert } from 'lucide-react';
import type { z } from 'zod';
import type { MediaItem } from '@/lib/api-types';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { initialValues } from '../lib/fields';
import { mediaSchema } from '../lib/schemas';
import { DraftOffer, FormGuards, useRecordForm, type SaveOptions } from '../record-dialog';
import { AdminButton } from '@/components/ui/admin-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { focalAfterKey, focalAt, focalText, focalValue, type Focal } from './focal-point';
import { formatBytes, largestVariant, imageSource, isUsable, typeLabel } from './media-api';
import { media, mediaFields, usesOf, UsesList } from './media-config';

type MediaDetailsProps = {
  open: boolean;
  item?: MediaItem;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onSubmit: (values: z.output<typeof mediaSchema>, options: SaveOptions) => Promise<unknown>;
  onDelete: (item: MediaItem) => void;
  onHistory: (item: MediaItem) => void;
};

/**
 * An image of the library: its preview, where a click, a tap or the arrow
 * keys set the focal point; what is said of it; its file's facts and where
 * it is used; Save, History and Delete. It saves from the version it
 * opened at, like every record's form.
 */
export function MediaDetailsDialog(props: MediaDetailsProps) {
  // Mounted afresh each time it opens, so it starts from the image.
  return props.open && props.item ? <OpenMediaDetails {...props} item={props.item} /> : null;
}

const detailId = (name: string) => `media-${name}`;

/** Text fields of one line: a line break typed or pasted becomes a space, as the server keeps one line. */
const oneLine = (v: string) => v.replace(/\r?\n|\r/g, ' ');

function OpenMediaDetails({ item, onOpenChange, pending, onSubmit, onDelete, onHistory }: MediaDetailsProps & { item: MediaItem }) {
  const close = () => onOpenChange(false);
  const form = useRecordForm({
    fields: mediaFields,
    schema: mediaSchema,
    initial: initialValues(mediaFields, item),
    version: item.version,
    pending,
    onSubmit,
    onClose: close,
    idOf: detailId,
    draftKey: `media:${item.id}`,
  });
  const { values, errors, set } = form;
  const decorative = values.decorative === true;
  const usable = isUsable({ altText: String(values.altText ?? ''), decorative });
  const focal = { x: focalValue(values.focalX), y: focalValue(values.focalY) };
  const full = largestVariant(item);
  const uses = usesOf(item);

  const text = (name: string, label: string, max: number, opts: { required?: boolean; hint?: string; multi?: boolean; disabled?: boolean } = {}) => {
    const id = detailId(name);
    const error = errors[name];
    const describedBy = error ? `${id}-error` : opts.hint ? `${id}-hint` : undefined;
    const common = {
      id,
      value: String(values[name] ?? ''),
      maxLength: max,
      disabled: opts.disabled,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    };
    return (
      <FormField id={id} label={label} required={opts.required} error={error} hint={opts.hint}>
        {opts.multi ? (
          <Textarea
            {...common}
            rows={3}
            className="min-h-20"
            onChange={(e) => set(name, oneLine(e.target.value))}
            // One line: Enter starts none.
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
          />
        ) : (
          <Input {...common} onChange={(e) => set(name, e.target.value)} />
        )}
      </FormField>
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && form.requestClose()}>
      <DialogContent
        className="pb-0 sm:max-w-5xl sm:pb-0"
        onOpenAutoFocus={(e) => {
          // The field most likely wanted: the alt text an image still lacks, else its name.
          e.preventDefault();
          document.getElementById(detailId(item.usable ? 'name' : 'altText'))?.focus();
        }}
      >
        <form onSubmit={form.submit} noValidate className="grid gap-5">
          <div className="grid min-w-0 gap-1 pr-8">
            <DialogTitle className="truncate" title={item.name}>
              {item.name}
            </DialogTitle>
            <DialogDescription className="tabular-nums">
              {item.width} × {item.height} · {typeLabel(item.contentType)} · {formatBytes(item.bytes)}
            </DialogDescription>
          </div>
          <DraftOffer form={form} />
          <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="grid min-w-0 content-start gap-4">
              <FocalPicker
                item={item}
                focal={focal}
                onChange={(f) => {
                  set('focalX', String(f.x));
                  set('focalY', String(f.y));
                }}
              />
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-default p-3 text-sm">
                <Fact label="Dimensions" value={`${item.width} × ${item.height} px`} />
                <Fact label="File size" value={formatBytes(item.bytes)} />
                <Fact label="Type" value={typeLabel(item.contentType)} />
                <Fact label="Variants" value={`${item.variants.length} sizes and formats`} />
                <Fact label="Uploaded" value={formatDate(item.createdAt)} wide />
                {full && (
                  <div className="col-span-2">
                    <a
                      href={full.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-11 items-center gap-1.5 font-medium text-primary-strong underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus sm:min-h-0"
                    >
                      Open largest size ({full.width} × {full.height})
                      <ExternalLink className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </div>
                )}
              </dl>
              <section aria-labelledby="media-uses" className="grid gap-2">
                <h3 id="media-uses" className="text-sm font-semibold text-default">
                  Where it is used
                </h3>
                {uses.length === 0 ? <p className="text-sm text-muted">Not used on the site yet.</p> : <UsesList uses={uses} />}
              </section>
            </div>
            <div className="grid min-w-0 content-start gap-4">
              {usable ? (
                decorative && (
                  <p className="flex gap-2 rounded-lg border border-default bg-surface-muted px-3 py-2 text-sm text-body">
                    <Info className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
                    Shown with empty alt text: screen readers pass over it.
                  </p>
                )
              ) : (
                <p className="flex gap-2 rounded-lg border border-warning-line bg-warning-soft px-3 py-2 text-sm text-warning">
                  <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
                  <span>
                    <strong className="font-semibold">Not usable yet.</strong> Add alt text, or mark the image decorative if it says nothing, before it is used on the site.
                  </span>
                </p>
              )}
              {text('name', 'Name', 200, { required: true })}
              {text('altText', 'Alt text', 1000, {
                multi: true,
                disabled: decorative,
                hint: decorative ? 'Not needed: the image is marked decorative.' : 'Describe what the image shows for people who cannot see it.',
              })}
              <div className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-default px-3 py-2">
                <label htmlFor={detailId('decorative')} className="text-sm font-medium text-body">
                  Decorative (no alt text needed)
                </label>
                <Switch id={detailId('decorative')} checked={decorative} onCheckedChange={(c) => set('decorative', c)} />
              </div>
              {text('caption', 'Caption', 2000, { multi: true })}
              {text('credit', 'Credit', 200)}
            </div>
          </div>
          {form.formError && (
            <p ref={form.alert} role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger">
              {form.formError}
            </p>
          )}
          {/* On a phone, the record's other actions close the form, above its foot. */}
          <RecordActions className="grid grid-cols-2 gap-2 sm:hidden" onDelete={() => onDelete(item)} onHistory={() => onHistory(item)} />
          {/* Stays in view at the foot of a long dialog. */}
          <div className="sticky bottom-0 -mx-4 grid grid-cols-2 gap-2 border-t border-subtle bg-surface px-4 py-3 sm:-mx-6 sm:flex sm:items-center sm:px-6 sm:py-4">
            <RecordActions className="mr-auto hidden gap-2 sm:flex" onDelete={() => onDelete(item)} onHistory={() => onHistory(item)} />
            <AdminButton type="button" variant="outline" className="max-sm:h-11" onClick={form.discard}>
              Cancel
            </AdminButton>
            <AdminButton type="submit" variant="primary" className="max-sm:h-11" aria-disabled={pending || undefined}>
              {pending ? 'Saving...' : 'Save'}
            </AdminButton>
          </div>
        </form>
        <FormGuards form={form} noun={media.noun} fields={mediaFields} recreate={false} />
      </DialogContent>
    </Dialog>
  );
}

function RecordActions({ className, onDelete, onHistory }: { className: string; onDelete: () => void; onHistory: () => void }) {
  return (
    <div className={className}>
      <AdminButton type="button" variant="outline" className="text-danger hover:bg-danger-soft hover:text-danger max-sm:h-11" onClick={onDelete}>
        <Trash2 aria-hidden="true" />
        Delete
      </AdminButton>
      <AdminButton type="button" variant="outline" className="max-sm:h-11" onClick={onHistory}>
        <History aria-hidden="true" />
        History
      </AdminButton>
    </div>
  );
}

function Fact({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="text-default tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The preview, where the focal point is set: a click or tap puts it there,
 * a mouse drags it, and the arrow keys move it by 5% (Home centres it). A
 * slider to assistive technology, its value said as text.
 */
function FocalPicker({ item, focal, onChange }: { item: MediaItem; focal: Focal; onChange: (f: Focal) => void }) {
  const src = imageSource(item, 640);
  const box = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const at = (e: React.MouseEvent) => box.current && onChange(focalAt(e.clientX, e.clientY, box.current.getBoundingClientRect()));
  return (
    <div className="grid gap-2">
      <div className="flex justify-center rounded-lg bg-surface-sunken p-2">
        <div
          ref={box}
          role="slider"
          tabIndex={0}
          aria-label="Focal point"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(focal.x * 100)}
          aria-valuetext={focalText(focal)}
          aria-describedby={helpId}
          onClick={at}
          onPointerMove={(e) => {
            if (e.pointerType === 'mouse' && e.buttons === 1) at(e);
          }}
          onKeyDown={(e) => {
            const next = focalAfterKey(focal, e.key);
            if (!next) return;
            e.preventDefault();
            onChange(next);
          }}
          className="relative inline-block cursor-crosshair touch-manipulation rounded-sm select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          {src && <img src={src.src} width={src.width} height={src.height} alt="" draggable={false} className="block max-h-[40vh] w-auto max-w-full rounded-sm md:max-h-[45vh]" />}
          <span
            aria-hidden="true"
            className="pointer-events-none absolute size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary/30 shadow-[0_1px_6px_rgb(0_0_0/0.4)] ring-2 ring-primary/90"
            style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }}
          >
            <span className="absolute top-1/2 left-1/2 size-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white" />
          </span>
        </div>
      </div>
      <p id={helpId} className="text-xs text-muted">
        <span className="font-medium text-body">Focal point: {focalText(focal)}.</span> Click or tap the image to set the point crops keep in view; arrow keys move it by 5%.
      </p>
    </div>
  );
}
