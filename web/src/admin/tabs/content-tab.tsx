import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { contentPages } from '@/content/pages';
import { factsSection } from '@/content/facts';
import { sectionTexts, sharedPagesOf, type EditableEntry } from '@/content/registry';
import { showTextHref, writeEditMode } from '@/features/editable-text/edit-mode';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { ContentDraft, ContentItem } from '@/lib/api-types';
import { mediaRefId } from '@/lib/site-data';
import { adminData, adminRequest } from '../lib/admin-api';
import { resourceURL, useSavedTexts } from '../lib/resources';
import { draftsUrl, useDrafts, usePublishingSettings } from '../lib/publishing';
import { ListState, TabCard } from '../tab-parts';
import { AdminButton } from '@/components/ui/admin-button';
import { Badge } from '@/components/ui/badge';
import { Input, Textarea } from '@/components/ui/input';

const id = (section: string, key: string) => `${section}\u0000${key}`;

/** A page that shows a text of the page it belongs to (of a shared section, the first page that shows it). */
function pageOf(path: string, section: string, key: string): string {
  const shared = sharedPagesOf(section, key);
  return path === '*' || section === factsSection ? (shared?.paths[0] ?? '/') : path;
}

/** One built-in text: its copy, the name of its page and a page that shows it. */
type BuiltIn = EditableEntry & { page: string; path: string };

/** One editable text as the tab shows it: where it is, its built-in copy, its saved value and its pending draft. */
type Row = BuiltIn & { saved?: ContentItem; pending?: ContentDraft };

/** The built-in texts of every page, in the order the Content tab lists them. */
function builtInPages() {
  return contentPages.map((p) => ({
    name: p.name,
    path: p.paths[0] === '*' ? '/' : p.paths[0],
    shared: p.paths[0] === '*',
    texts: Object.entries(p.sections).flatMap(([section, copy]) =>
      sectionTexts(section, copy).map((t): BuiltIn => ({ ...t, page: p.name, path: pageOf(p.paths[0], t.section, t.key) })),
    ),
  }));
}

let builtIns: Map<string, BuiltIn> | undefined;

/** The built-in text of a section's key, with its page; undefined for a key no page shows. */
export function builtInText(section: string, key: string): BuiltIn | undefined {
  builtIns ??= new Map(builtInPages().flatMap((p) => p.texts.map((t) => [id(t.section, t.key), t] as const)));
  return builtIns.get(id(section, key));
}

/**
 * Every editable text of the public site, by page and section: its built-in
 * copy and its saved value, searchable; each can be edited or reset to the
 * built-in copy here, or opened on its page. The list reloads when the
 * admin comes back to this browser tab, so edits made on the site show.
 * When the publishing mode keeps drafts, an edit here is a draft too, and a
 * text with one shows it beside the published copy.
 */
export function ContentTab() {
  const url = resourceURL('content');
  const client = useQueryClient();
  const list = useSavedTexts();
  const [query, setQuery] = useState('');
  const keepsDrafts = (usePublishingSettings().data?.mode ?? 'live') !== 'live';
  const drafts = useDrafts();

  const pages = useMemo(() => {
    const saved = new Map((list.data ?? []).map((c) => [id(c.section, c.key), c]));
    const pending = new Map((drafts.data ?? []).map((d) => [id(d.section, d.key), d]));
    const listed = new Set<string>();
    const out = builtInPages().map(({ texts, ...p }) => ({
      ...p,
      rows: texts.map((t): Row => {
        listed.add(id(t.section, t.key));
        return { ...t, saved: saved.get(id(t.section, t.key)), pending: pending.get(id(t.section, t.key)) };
      }),
    }));
    // Saved values of texts the pages no longer show (a group's order, or a key of an older layout).
    // The images chosen for a page are the media library's to list, where each says where it is used.
    const other = [...saved.values()].filter((c) => !listed.has(id(c.section, c.key)) && mediaRefId(c.value) === undefined);
    if (other.length > 0) {
      out.push({
        name: 'Other saved values',
        path: '/',
        shared: false,
        rows: other.map((c) => ({ section: c.section, key: c.key, fallback: '', page: 'Other', path: '', saved: c })),
      });
    }
    return out;
  }, [list.data, drafts.data]);

  const q = query.trim().toLowerCase();
  const shown = pages
    .map((p) => ({
      ...p,
      rows: q
        ? p.rows.filter((r) => [p.name, r.section, r.key, r.fallback, r.saved?.value ?? ''].some((s) => s.toLowerCase().includes(q)))
        : p.rows,
    }))
    .filter((p) => p.rows.length > 0);
  const total = pages.reduce((n, p) => n + p.rows.length, 0);
  const savedCount = (list.data ?? []).length;
  const refresh = () => {
    void client.invalidateQueries({ queryKey: [url] });
    void client.invalidateQueries({ queryKey: [draftsUrl] });
  };

  return (
    <TabCard title="Website Content" description={`${total} editable texts on the site; ${savedCount} changed from the built-in copy.`}>
      <div className="mb-6">
        <label htmlFor="content-search" className="sr-only">
          Search texts
        </label>
        <Input
          id="content-search"
          type="search"
          placeholder="Search by page, section or text"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <ListState
        query={list}
        isEmpty={shown.length === 0}
        loadingText="Loading website content..."
        emptyText={q ? 'No text matches your search.' : 'No editable content found.'}
      >
        <div className="space-y-8">
          {shown.map((p) => (
            <section key={p.name} aria-label={p.name}>
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-base font-semibold text-default">
                  {p.name} {p.shared && <Badge variant="info">Appears on every page</Badge>}
                </h3>
                <a href={p.path} target="_blank" rel="noreferrer" className="text-sm font-medium text-primary-strong hover:underline">
                  Open page
                </a>
              </div>
              <ul className="divide-y divide-subtle rounded-lg border border-default">
                {p.rows.map((r) => (
                  <TextRow key={id(r.section, r.key)} row={r} keepsDrafts={keepsDrafts} onChange={refresh} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      </ListState>
    </TabCard>
  );
}

function TextRow({ row, keepsDrafts, onChange }: { row: Row; keepsDrafts: boolean; onChange: () => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const published = row.saved?.value ?? row.fallback;
  const current = row.pending?.value ?? published;
  const label = `${row.section} ${row.key}`;

  async function run(action: () => Promise<unknown>, done: string, drafted = false) {
    setBusy(true);
    try {
      await action();
      toast({ title: done, description: drafted ? 'Saved as draft — publish it from the Publish panel.' : 'Changes are now live on the website!' });
      setDraft(null);
      onChange();
    } catch (err) {
      toast({ title: 'Error', description: isApiError(err) ? err.message : 'Failed to update content', variant: 'destructive' });
      if (isApiError(err, 409)) onChange();
    } finally {
      setBusy(false);
    }
  }

  // With drafts kept, the write goes to the text's draft, guarded by the draft's version.
  const save = (value: string) =>
    run(
      () =>
        adminData(
          'POST',
          resourceURL('content'),
          keepsDrafts
            ? { body: { section: row.section, key: row.key, value }, publish: 'draft', ifMatch: row.pending?.version, ifNoneMatch: !row.pending }
            : { body: { section: row.section, key: row.key, value }, ifMatch: row.saved?.version, ifNoneMatch: !row.saved },
        ),
      'Content Updated',
      keepsDrafts,
    );
  const reset = () =>
    run(() => adminRequest('DELETE', `${resourceURL('content')}/${row.saved?.id}`, { ifMatch: row.saved?.version }), 'Text reset');

  return (
    <li className="grid gap-3 p-4 md:grid-cols-[14rem_1fr_auto]" aria-label={label}>
      <div className="min-w-0">
        <p className="truncate font-mono text-xs text-muted" title={row.section}>
          {row.section}
        </p>
        <p className="truncate font-mono text-xs font-medium text-default" title={row.key}>
          {row.key}
        </p>
        {row.saved && (
          <Badge variant="success" className="mt-2">
            Changed
          </Badge>
        )}
        {row.pending && (
          <Badge variant="accent" className="mt-2">
            Draft
          </Badge>
        )}
      </div>
      <div className="min-w-0 text-sm">
        {draft === null ? (
          <>
            <p className="whitespace-pre-line text-default">{current}</p>
            {row.pending && <p className="mt-1 text-xs text-muted">Published: {published || 'the built-in copy'}</p>}
            {row.saved && row.fallback && <p className="mt-1 text-xs text-muted">Built-in: {row.fallback}</p>}
          </>
        ) : (
          <Textarea aria-label={`Text of ${label}`} value={draft} rows={3} onChange={(e) => setDraft(e.target.value)} autoFocus />
        )}
      </div>
      <div className="flex items-start gap-2">
        {draft === null ? (
          <>
            <AdminButton size="sm" variant="outline" onClick={() => setDraft(current)} aria-label={`Edit ${label}`}>
              Edit
            </AdminButton>
            {row.saved && (
              <AdminButton size="sm" variant="ghost" disabled={busy} onClick={() => void reset()} aria-label={`Reset ${label} to default`}>
                Reset
              </AdminButton>
            )}
            {row.path && (
              <AdminButton asChild size="sm" variant="ghost">
                {/* Edit mode goes on first: only there do the page's texts carry their addresses. */}
                <a
                  href={showTextHref(row.path, row.section, row.key)}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`Show ${label} on page`}
                  onClick={() => writeEditMode(true)}
                >
                  Show on page
                </a>
              </AdminButton>
            )}
          </>
        ) : (
          <>
            <AdminButton size="sm" variant="primary" disabled={busy || draft.trim() === ''} onClick={() => void save(draft)}>
              Save
            </AdminButton>
            <AdminButton size="sm" variant="ghost" onClick={() => setDraft(null)}>
              Cancel
            </AdminButton>
          </>
        )}
      </div>
    </li>
  );
}
