import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { factKeys, factPages, facts, factsSection, type Fact, type FactKey } from '@/content/facts';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { ContentItem } from '@/lib/api-types';
import { adminData, adminRequest } from '../lib/admin-api';
import { resourceURL, useSavedTexts } from '../lib/resources';
import { ListState, TabCard } from '../tab-parts';
import { AdminButton } from '@/components/ui/admin-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

// The company's facts in one place (content/facts.ts): each figure the site
// states about the firm, with its label, source note and date. They are
// editable texts of the section `facts`, the same that edit mode edits where
// the figures show, so a save here reaches every page that quotes the fact,
// with the texts' history and their check against another's newer save.

const fields: { field: keyof Fact; label: string; hint: string; required?: boolean }[] = [
  { field: 'value', label: 'Value', hint: 'As the pages show it: 500+, 95%, $50M+.', required: true },
  { field: 'label', label: 'Label', hint: 'What the figure counts; each page keeps its own wording beside it.', required: true },
  { field: 'note', label: 'Source note', hint: 'Shown as a footnote wherever the figure shows, e.g. Client survey, 2025, n=112. Leave empty for none.' },
  { field: 'date', label: 'Date', hint: 'When it was measured, e.g. March 2025; shown in the footnote. Leave empty for none.' },
];

/** The id of the line that says what a field holds, shared by every fact's form. */
const hintId = (field: keyof Fact) => `fact-hint-${field}`;

/** How a page the fact shows on is named: its path, or "home" for `/`. */
const pageName = (path: string) => (path === '/' ? 'home' : path);

/** The saved texts of the facts, by key (`projects-delivered.value`). */
type Saved = Map<string, ContentItem>;

/** One change of a save: the text before (undefined: the built-in one) and the record it left (null: reset). */
type Change = { key: string; before: string | undefined; after: ContentItem | null };

export function FactsTab() {
  const url = resourceURL('content');
  const client = useQueryClient();
  // The Content tab's list: a save in either shows in both.
  const list = useSavedTexts();
  const saved: Saved = new Map((list.data ?? []).filter((c) => c.section === factsSection).map((c) => [c.key, c]));
  const refresh = () => client.invalidateQueries({ queryKey: [url] });

  return (
    <TabCard
      title="Company facts"
      description="Every figure the site states about the company, stated once: a change here shows on every page that quotes it. In edit mode each figure is edited in place too."
    >
      <ListState query={list} loadingText="Loading company facts..." emptyText="No facts.">
        {/* What each field holds, said once for the eight forms: every field names its line here as its description. */}
        <dl className="mb-6 grid gap-x-6 gap-y-2 rounded-lg bg-surface-muted p-4 text-xs text-muted sm:grid-cols-2">
          {fields.map(({ field, label, hint }) => (
            <div key={field}>
              <dt className="inline font-semibold text-default">{label}: </dt>
              <dd id={hintId(field)} className="inline">
                {hint}
              </dd>
            </div>
          ))}
        </dl>
        <ul className="grid gap-6 lg:grid-cols-2">
          {factKeys.map((key) => (
            <li key={key}>
              <FactForm factKey={key} saved={saved} onSaved={refresh} />
            </li>
          ))}
        </ul>
      </ListState>
    </TabCard>
  );
}

function FactForm({ factKey, saved, onSaved }: { factKey: FactKey; saved: Saved; onSaved: () => Promise<unknown> }) {
  const builtIn = facts[factKey];
  const current = (f: keyof Fact) => saved.get(`${factKey}.${f}`)?.value || builtIn[f];
  const [draft, setDraft] = useState<Partial<Record<keyof Fact, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof Fact, string>>>({});
  const [busy, setBusy] = useState(false);
  const shown = (f: keyof Fact) => draft[f] ?? current(f);
  const name = current('label');
  const changed = fields.filter(({ field }) => draft[field] !== undefined && draft[field].trim() !== current(field));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const missing = Object.fromEntries(fields.filter((f) => f.required && shown(f.field).trim() === '').map((f) => [f.field, `${f.label} is required.`]));
    setErrors(missing);
    if (Object.keys(missing).length > 0 || changed.length === 0) return;
    setBusy(true);
    const done: Change[] = [];
    try {
      for (const { field } of changed) {
        const key = `${factKey}.${field}`;
        const value = shown(field).trim();
        const item = saved.get(key);
        // The built-in text (an empty note, say) is a reset, not a saved copy of it.
        if (value === builtIn[field]) {
          if (item) await adminRequest('DELETE', `${resourceURL('content')}/${item.id}`, { ifMatch: item.version });
          done.push({ key, before: item?.value, after: null });
        } else {
          const after = await adminData<ContentItem>('POST', resourceURL('content'), {
            body: { section: factsSection, key, value },
            ifMatch: item?.version,
            ifNoneMatch: !item,
          });
          done.push({ key, before: item?.value, after });
        }
      }
      setDraft({});
      toast({
        title: 'Fact saved',
        description: `${name} is now live on every page that shows it.`,
        action: { label: 'Undo', altText: `Change ${name} back in the Company facts section`, onSelect: () => void undo(done).finally(() => void onSaved()) },
      });
    } catch (err) {
      // Their newer text replaces the fields, so that what shows is what is saved.
      if (isApiError(err, 409)) setDraft({});
      toast({
        title: 'Error',
        description: isApiError(err, 409)
          ? `Someone else changed ${name} since you opened it; the form shows their version now. Make your change again if it still applies.`
          : isApiError(err)
            ? err.message
            : 'Failed to update content',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      await onSaved();
    }
  }

  const id = (f: keyof Fact) => `fact-${factKey}-${f}`;
  return (
    <form aria-label={name} onSubmit={(e) => void save(e)} className="grid h-full gap-4 rounded-lg border border-default p-4" noValidate>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-default">{name}</h3>
        <p className="text-xs text-muted">
          Shown on{' '}
          {factPages[factKey].map((path, i) => (
            <span key={path}>
              {i > 0 && ', '}
              <a href={path} target="_blank" rel="noreferrer" className="font-medium text-primary-strong hover:underline">
                {pageName(path)}
              </a>
            </span>
          ))}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(({ field, label, required }) => (
          <FormField key={field} id={id(field)} label={label} required={required} error={errors[field]}>
            <Input
              id={id(field)}
              value={shown(field)}
              onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${id(field)}-error` : hintId(field)}
            />
          </FormField>
        ))}
      </div>
      <div className="flex gap-2">
        <AdminButton type="submit" variant="primary" size="sm" disabled={busy || changed.length === 0}>
          {busy ? 'Saving...' : 'Save'}
        </AdminButton>
        {changed.length > 0 && (
          <AdminButton type="button" variant="ghost" size="sm" onClick={() => { setDraft({}); setErrors({}); }}>
            Cancel
          </AdminButton>
        )}
      </div>
    </form>
  );
}

/** Puts the texts of a save back as they were, from the versions it left: a text changed since is not overwritten. */
async function undo(changes: Change[]): Promise<void> {
  try {
    for (const c of [...changes].reverse()) {
      if (c.before === undefined) {
        if (c.after) await adminRequest('DELETE', `${resourceURL('content')}/${c.after.id}`, { ifMatch: c.after.version });
      } else {
        await adminData<ContentItem>('POST', resourceURL('content'), {
          body: { section: factsSection, key: c.key, value: c.before },
          ifMatch: c.after?.version,
          ifNoneMatch: !c.after,
        });
      }
    }
    toast({ title: 'Undone', description: 'The fact is back as it was.' });
  } catch (err) {
    toast({ title: 'Error', description: `Could not undo: ${isApiError(err) && err.status > 0 ? err.message : 'the server could not be reached.'}`, variant: 'destructive' });
  }
}
