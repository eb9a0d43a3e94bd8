import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { isApiError, type Conflict } from '@/lib/api-client';
import { SaveConflictDialog } from './conflict-dialog';
import { changedFields, initialValues, type FieldSpec, type FormValues } from './lib/fields';
import { useFormDraft } from './lib/form-drafts';
import { focusFirstInvalid } from './lib/focus';
import { fieldErrors } from './lib/schemas';
import { PageLinkField } from './page-link-field';
import { MediaField } from './media/media-field';
import { FormActions } from '@/components/ui/form-dialog';
import { AdminButton } from '@/components/ui/admin-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { keptWhen } from '@/lib/kept-drafts';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';

// The editor (Tiptap on ProseMirror) is most of the admin's code: it is a
// chunk of its own, which a tab whose form has a body starts loading as it
// opens (preloadRichTextEditor), so that the form rarely waits for it.
const loadRichTextEditor = () => import('./rich-text/rich-text-editor');
const RichTextEditor = lazy(() => loadRichTextEditor().then((m) => ({ default: m.RichTextEditor })));

/** Starts loading the rich-text editor, ahead of a form that shows it. */
export function preloadRichTextEditor(): void {
  void loadRichTextEditor();
}

/** How a save goes: from which version, or as a new record (one deleted meanwhile, created again). */
export type SaveOptions = { version?: number; asNew?: boolean };

type RecordDialogProps<S extends z.ZodType> = {
  open: boolean;
  /** The record's noun, for the conflict dialog ("Menu item"). */
  noun: string;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  fields: FieldSpec[];
  schema: S;
  initial: FormValues;
  /** The version of the record when the dialog opened; none for a new one. */
  version?: number;
  submitLabel: string;
  pending: boolean;
  /** Sends the parsed values; rejects with the server's error (an ApiError). */
  onSubmit: (values: z.output<S>, options: SaveOptions) => Promise<unknown>;
  /** Where what is typed is kept until saved (lib/form-drafts.ts). */
  draftKey?: string;
  /** What the values should still have (lib/page-checks.ts): shown as they are typed, and asked about before publishing. */
  checks?: (values: FormValues) => string[];
};

/** The id of a field's control in a record's form. */
export const fieldId = (name: string) => `field-${name}`;

/**
 * A dialog with the form of one record. The rules of SPEC section 5 run
 * before anything is sent; each error shows beside its field, and so do the
 * field errors the server returns, the first of them focused. A save that
 * meets a newer version (409) opens the conflict dialog over the form, and
 * one that meets an ended session the sign-in, both keeping what was typed.
 * Closing a changed form other than by Cancel (Escape, a click outside, the
 * close button) asks first.
 */
export function RecordDialog<S extends z.ZodType>(props: RecordDialogProps<S>) {
  // Mounted afresh each time the dialog opens, so it starts from the record.
  return props.open ? <OpenRecordDialog {...props} /> : null;
}

type RecordFormOptions<S extends z.ZodType> = {
  fields: FieldSpec[];
  schema: S;
  initial: FormValues;
  /** The version of the record when the form opened; none for a new one. */
  version?: number;
  pending: boolean;
  onSubmit: (values: z.output<S>, options: SaveOptions) => Promise<unknown>;
  /** Closes the form (it was saved, or the user chose to leave). */
  onClose: () => void;
  /** The id of a field's control, to focus the first one in error. */
  idOf?: (name: string) => string;
  /** Where what was typed is kept until saved (lib/form-drafts.ts): one key per record, or per new record of a kind. */
  draftKey?: string;
};

/**
 * The state of a record's form: what was typed, what it started from, the
 * errors by field and without one, and a conflict to settle. Saving checks
 * the rules, sends, and closes once saved; a failure keeps everything typed.
 * FormGuards shows its conflict and the question before a changed form closes.
 */
export function useRecordForm<S extends z.ZodType>({ fields, schema, initial, version: openedAt, pending, onSubmit, onClose, idOf = fieldId, draftKey }: RecordFormOptions<S>) {
  const [values, setValues] = useState<FormValues>(initial);
  // What the form started from, and its version: the record as opened, or
  // as reloaded after a conflict.
  const [base, setBase] = useState<{ values: FormValues; version?: number }>({ values: initial, version: openedAt });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's reason when it names no field, e.g. a slug already taken.
  const [formError, setFormError] = useState('');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);
  // Grows when the values are replaced from outside the fields (a draft
  // restored, their version reloaded): fields that keep their own state,
  // such as the rich-text editor, start again from the new values.
  const [generation, setGeneration] = useState(0);
  const alert = useRef<HTMLParagraphElement>(null);
  const dirty = changedFields(fields, base.values, values).length > 0;
  const names = fields.map((f) => f.name);
  const draft = useFormDraft(draftKey, values, dirty, base.version);
  // A draft kept from an earlier visit of this form, offered back when it differs from the record.
  const restorable = draft.found && changedFields(fields, initial, { ...initial, ...draft.found.value.values }).length > 0 ? draft.found : null;

  // A reason without a field may show below the fold of a long form.
  useEffect(() => {
    if (formError) alert.current?.scrollIntoView?.({ block: 'nearest' });
  }, [formError]);

  function set(name: string, value: string | boolean) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!e[name]) return e;
      const { [name]: _gone, ...rest } = e;
      return rest;
    });
  }

  /** Checks the values and sends them; closes the form once they are saved. */
  async function save(options: SaveOptions) {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirstInvalid(names, found, idOf);
      return;
    }
    setErrors({});
    setFormError('');
    try {
      await onSubmit(parsed.data, options);
      setConflict(null);
      draft.forget();
      onClose();
    } catch (err) {
      if (isApiError(err) && err.conflict) {
        setConflict(err.conflict);
        return;
      }
      setConflict(null);
      const byField = isApiError(err) ? err.fieldErrors : {};
      setErrors({ ...byField });
      focusFirstInvalid(names, byField, idOf);
      // A field error of a field the form does not show is said without a field.
      const shown = Object.keys(byField).some((name) => names.includes(name));
      if (!shown) setFormError(err instanceof Error ? err.message : '');
    }
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    // The button stays enabled, so the focus stays on it; a second press while saving does nothing.
    if (pending) return;
    void save({ version: base.version });
  }

  /** After a conflict: the form shows their version, and saves from it. */
  function reload(current: object) {
    const theirs = initialValues(fields, current);
    setValues(theirs);
    setBase({ values: theirs, version: (current as { version?: number }).version });
    setGeneration((g) => g + 1);
    setErrors({});
    setFormError('');
    setConflict(null);
  }

  return {
    values,
    set,
    /** The key of the fields: it changes when their values were replaced (see generation above). */
    generation,
    errors,
    formError,
    /** The element of formError, scrolled into view when it shows. */
    alert,
    dirty,
    base,
    conflict,
    dismissConflict: () => setConflict(null),
    confirmingClose,
    keepEditing: () => setConfirmingClose(false),
    /** Closes the form, asking first when it holds changes. */
    requestClose: () => (dirty ? setConfirmingClose(true) : onClose()),
    /** Closes the form and throws away what it holds (Cancel, or Discard changes). */
    discard: () => {
      draft.forget();
      onClose();
    },
    /** The kept draft to offer back, and what to do with it. */
    restorable,
    restoreDraft: () => {
      if (restorable) {
        const { values: kept, version } = restorable.value;
        setValues({ ...initial, ...kept });
        setGeneration((g) => g + 1);
        // Typed on an older version: the save meets the newer one as a conflict, not over it.
        if (version !== undefined && version !== base.version) setBase((b) => ({ ...b, version }));
      }
      draft.dismiss();
    },
    discardDraft: draft.forget,
    save,
    submit,
    reload,
    pending,
    onClose,
  };
}

export type RecordForm = ReturnType<typeof useRecordForm>;

/** The dialogs over a record's form: its save conflict, and the question before a changed form closes. */
export function FormGuards({ form, noun, fields, recreate = true }: { form: RecordForm; noun: string; fields: FieldSpec[]; recreate?: boolean }) {
  return (
    <>
      <SaveConflictDialog
        conflict={form.conflict}
        onDismiss={form.dismissConflict}
        noun={noun}
        fields={fields}
        mine={form.values}
        base={form.base.values}
        busy={form.pending}
        onKeepTheirs={() => {
          form.dismissConflict();
          form.onClose();
        }}
        onOverwrite={(version) => void form.save({ version })}
        onReload={form.reload}
        onRecreate={recreate ? () => void form.save({ asNew: true }) : undefined}
      />
      <ConfirmDialog
        open={form.confirmingClose}
        title="Discard your changes?"
        description="What you typed in this form has not been saved and will be lost."
        cancelLabel="Keep editing"
        confirmLabel="Discard changes"
        onCancel={form.keepEditing}
        onConfirm={form.discard}
      />
    </>
  );
}

/** The offer of what was typed in this form before and not saved: restore it, or throw it away. */
export function DraftOffer({ form }: { form: RecordForm }) {
  const draft = form.restorable;
  if (!draft) return null;
  const when = keptWhen(draft.savedAt);
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-accent-line bg-accent-soft px-3 py-2.5 text-sm text-body">
      <p>Restore your unsaved changes from {when}?</p>
      <div className="flex gap-2">
        <AdminButton type="button" size="sm" onClick={form.restoreDraft}>
          Restore
        </AdminButton>
        <AdminButton type="button" size="sm" variant="outline" onClick={form.discardDraft}>
          Discard
        </AdminButton>
      </div>
    </div>
  );
}

/** The checks of a page as it is written: what it should still have, or that it has it all. */
function PageChecks({ warnings }: { warnings: string[] }) {
  return (
    <section aria-label="Checks" className="rounded-lg border border-default px-3 py-2.5 text-sm">
      <h3 className="font-medium text-default">Checks</h3>
      {warnings.length === 0 ? (
        <p className="mt-1 text-muted">Nothing to fix: alt text, headings, search results and links look right.</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-warning">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OpenRecordDialog<S extends z.ZodType>({
  noun,
  title,
  description,
  fields,
  schema,
  initial,
  version,
  submitLabel,
  pending,
  onSubmit,
  onOpenChange,
  draftKey,
  checks,
}: RecordDialogProps<S>) {
  const close = () => onOpenChange(false);
  const form = useRecordForm({ fields, schema, initial, version, pending, onSubmit, onClose: close, draftKey });
  const { values, errors, formError, set } = form;
  const warnings = checks?.(values) ?? [];
  // A save that publishes with warnings asks first.
  const [asking, setAsking] = useState(false);
  const publishes = values.status === 'published' && initial.status !== 'published';
  const submit = (e: React.FormEvent) => {
    if (warnings.length > 0 && publishes && !pending) {
      e.preventDefault();
      setAsking(true);
      return;
    }
    form.submit(e);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && form.requestClose()}>
      <DialogContent className={fields.some((f) => f.kind === 'richtext') ? 'sm:max-w-3xl' : 'sm:max-w-2xl'}>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <DialogHeader title={title} description={description} />
          <DraftOffer form={form} />
          <div key={form.generation} className="grid gap-4 sm:grid-cols-2">
            {fields.filter((f) => !f.shows || f.shows(values)).map((f) => {
              const id = fieldId(f.name);
              const error = errors[f.name];
              const aria = {
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? `${id}-error` : undefined,
              };
              const value = values[f.name];
              const wide = f.wide || f.kind === 'textarea' || f.kind === 'image' || f.kind === 'richtext';
              if (f.kind === 'switch') {
                return (
                  <div key={f.name} className="flex items-center justify-between gap-3 rounded-lg border border-default px-3 py-2.5 sm:col-span-2">
                    <label htmlFor={id} className="text-sm font-medium text-body">
                      {f.label}
                    </label>
                    <Switch id={id} checked={value === true} onCheckedChange={(c) => set(f.name, c)} />
                  </div>
                );
              }
              return (
                <div key={f.name} className={wide ? 'sm:col-span-2' : undefined}>
                  <FormField id={id} label={f.label} required={f.required} error={error} hint={f.hint}>
                    {f.kind === 'textarea' ? (
                      <Textarea id={id} value={String(value ?? '')} placeholder={f.placeholder} onChange={(e) => set(f.name, e.target.value)} {...aria} />
                    ) : f.kind === 'richtext' ? (
                      <Suspense fallback={<p role="status" className="rounded-lg border border-default px-3 py-10 text-center text-sm text-muted">Loading the editor...</p>}>
                        <RichTextEditor id={id} label={f.label} value={String(value ?? '')} onChange={(v) => set(f.name, v)} invalid={!!error} describedBy={aria['aria-describedby']} />
                      </Suspense>
                    ) : f.kind === 'image' ? (
                      <MediaField id={id} label={f.label} value={String(value ?? '')} onChange={(v) => set(f.name, v)} invalid={!!error} describedBy={aria['aria-describedby']} />
                    ) : f.kind === 'url' && f.pages ? (
                      <PageLinkField id={id} value={String(value ?? '')} placeholder={f.placeholder} onChange={(v) => set(f.name, v)} aria={aria} />
                    ) : f.kind === 'select' ? (
                      <Select id={id} value={String(value ?? '')} options={f.options ?? []} onValueChange={(v) => set(f.name, v)} invalid={!!error} aria-describedby={aria['aria-describedby']} />
                    ) : (
                      <Input
                        id={id}
                        type={f.kind === 'number' ? 'number' : f.kind === 'datetime' ? 'datetime-local' : 'text'}
                        inputMode={f.kind === 'number' ? 'numeric' : f.kind === 'url' ? 'url' : undefined}
                        step={f.kind === 'datetime' ? 1 : undefined}
                        value={String(value ?? '')}
                        placeholder={f.placeholder}
                        onChange={(e) => set(f.name, e.target.value)}
                        {...aria}
                      />
                    )}
                  </FormField>
                </div>
              );
            })}
          </div>
          {formError && (
            <p ref={form.alert} role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger">
              {formError}
            </p>
          )}
          {checks && <PageChecks warnings={warnings} />}
          <FormActions onCancel={form.discard} pending={pending} submitLabel={pending ? 'Saving...' : submitLabel} />
        </form>
        <FormGuards form={form} noun={noun} fields={fields} />
        <ConfirmDialog
          open={asking}
          title={`Publish with ${warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`}?`}
          description={`${warnings.join(' ')} It can be published all the same.`}
          cancelLabel="Keep editing"
          confirmLabel="Publish anyway"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void form.save({ version: form.base.version });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
