import { useState } from 'react';
import type { z } from 'zod';
import { serverFieldErrors, serverMessage } from './lib/api-client';
import { fieldErrors } from './lib/schemas';
import { AdminButton } from './ui/admin-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';
import { FormField } from './ui/form-field';
import { Input, Textarea } from './ui/input';
import { Select, type SelectOption } from './ui/select';
import { Switch } from './ui/switch';

export type FieldSpec = {
  name: string;
  label: string;
  kind: 'text' | 'url' | 'textarea' | 'number' | 'switch' | 'select';
  required?: boolean;
  options?: SelectOption[];
  placeholder?: string;
  hint?: string;
  /** Spans both columns on wide dialogs. */
  wide?: boolean;
};

/** What a form holds while editing: text for inputs, booleans for switches. */
export type FormValues = Record<string, string | boolean>;

type RecordDialogProps<S extends z.ZodType> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  fields: FieldSpec[];
  schema: S;
  initial: FormValues;
  submitLabel: string;
  pending: boolean;
  /** Sends the parsed values; rejects with the server's error. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
};

/**
 * A dialog with the form of one record. The rules of SPEC section 5 run
 * before anything is sent; each error shows beside its field, and so do the
 * field errors the server returns.
 */
export function RecordDialog<S extends z.ZodType>(props: RecordDialogProps<S>) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {/* Mounted afresh each time the dialog opens, so it starts from the record. */}
        {props.open && <RecordForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function RecordForm<S extends z.ZodType>({
  title,
  description,
  fields,
  schema,
  initial,
  submitLabel,
  pending,
  onSubmit,
  onOpenChange,
}: RecordDialogProps<S>) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's reason when it names no field, e.g. a slug already taken.
  const [formError, setFormError] = useState('');

  function set(name: string, value: string | boolean) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!e[name]) return e;
      const { [name]: _gone, ...rest } = e;
      return rest;
    });
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError('');
    try {
      await onSubmit(parsed.data);
      onOpenChange(false);
    } catch (err) {
      const byField = serverFieldErrors(err);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFormError(serverMessage(err) ?? '');
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-1 pr-6">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => {
          const id = `field-${f.name}`;
          const error = errors[f.name];
          const aria = {
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
          };
          const value = values[f.name];
          const wide = f.wide || f.kind === 'textarea';
          if (f.kind === 'switch') {
            return (
              <div key={f.name} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2.5 sm:col-span-2">
                <label htmlFor={id} className="text-sm font-medium text-slate-700">
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
                ) : f.kind === 'select' ? (
                  <Select id={id} value={String(value ?? '')} options={f.options ?? []} onValueChange={(v) => set(f.name, v)} invalid={!!error} aria-describedby={aria['aria-describedby']} />
                ) : (
                  <Input
                    id={id}
                    type={f.kind === 'number' ? 'number' : 'text'}
                    inputMode={f.kind === 'number' ? 'numeric' : f.kind === 'url' ? 'url' : undefined}
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
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AdminButton type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </AdminButton>
        <AdminButton type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </AdminButton>
      </div>
    </form>
  );
}
