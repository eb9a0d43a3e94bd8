import { useEffect, useRef, useState } from 'react';
import { ArchiveRestore, Copy } from 'lucide-react';
import { cn } from '@/lib/cn';
import { ConflictDialog } from './conflict-dialog';
import { DeletedDialog } from './deleted-dialog';
import { HistoryDialog } from './history-dialog';
import { initialValues } from './lib/fields';
import { useChecksOff } from './lib/page-check-settings';
import { useAdminList, type VersionedRecord } from './lib/resources';
import { preloadRichTextEditor, RecordDialog } from './record-dialog';
import { useKeepsDrafts, useRecordEditor, type RowConflict } from './record-editor';
import { useDrafts } from './lib/publishing';
import type { ResourceConfig } from './resource-config';
import { ListState, RecordList, RecordRow, RowActions, TabCard } from './tab-parts';
import { AdminButton } from '@/components/ui/admin-button';
import { Badge } from '@/components/ui/badge';

type ResourceTabProps<T extends VersionedRecord> = {
  config: ResourceConfig<T>;
  /** When set, opens the add form with these values (the Not found list's Create redirect); onDraftOpened follows. */
  draft?: Partial<T> | null;
  onDraftOpened?: () => void;
  /** When set, opens the form of this record once the list has it (a link to `/admin?tab=pages&edit=12`); onEditOpened follows, found or not. */
  editId?: number;
  onEditOpened?: () => void;
};

/** One management tab (menu, footer, testimonials, images, pages, redirects), driven by its config. */
export function ResourceTab<T extends VersionedRecord>({ config, draft, onDraftOpened, editId, onEditOpened }: ResourceTabProps<T>) {
  const editor = useRecordEditor(config);
  const { openNew } = editor;
  const hasRichText = config.fields.some((f) => f.kind === 'richtext');
  useEffect(() => {
    if (hasRichText) preloadRichTextEditor();
  }, [hasRichText]);
  useEffect(() => {
    if (!draft) return;
    openNew(draft);
    onDraftOpened?.();
  }, [draft, openNew, onDraftOpened]);
  const { messages } = editor;
  const published = useAdminList<T>(config.resource, messages.loadError);
  // In drafts mode a record with a pending draft shows (and is edited) as drafted, marked Draft.
  const keepsDrafts = useKeepsDrafts(config.resource);
  const pending = useDrafts(keepsDrafts);
  // A delete kept as a draft is null: the record shows as it is, marked.
  const drafted = new Map(
    keepsDrafts ? (pending.data ?? []).filter((d) => d.resource === config.resource && d.recordId !== null).map((d) => [d.recordId!, JSON.parse(d.value) as T | null]) : [],
  );
  const list = { ...published, data: published.data?.map((r) => drafted.get(r.id) ?? r) } as typeof published;
  const { openEdit } = editor;
  const editing = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (editId === undefined || !list.data || editing.current === editId) return;
    editing.current = editId;
    const record = list.data.find((r) => r.id === editId);
    if (record) openEdit(record);
    onEditOpened?.();
  }, [editId, list.data, openEdit, onEditOpened]);
  const sorted = config.sort ? [...(list.data ?? [])].sort(config.sort) : (list.data ?? []);
  const items = config.arrange ? config.arrange(sorted) : sorted;
  const record = editor.dialog.record;
  const fields = config.fieldsFor ? config.fieldsFor(list.data ?? [], record ?? undefined) : config.fields;
  // The checks switched off in Settings, for the tabs whose form checks.
  const checksOff = useChecksOff(!!config.checks);
  const [historyOf, setHistoryOf] = useState<T | null>(null);
  const [showDeleted, setShowDeleted] = useState(false);
  const builtIn = config.builtIn && list.data && config.builtIn.shown(list.data) ? config.builtIn : undefined;

  const row = (r: T) => {
    const name = config.name(r);
    return (
      <RecordRow
        key={r.id}
        label={name}
        aside={
          <>
            {drafted.get(r.id) === null ? (
              <Badge variant="danger" title="Deleted in the draft: visitors see it until the delete is published from the Publish panel.">
                Deleted in draft
              </Badge>
            ) : (
              drafted.has(r.id) && (
                <Badge variant="warning" title="Saved as draft: visitors see the published version until it is published from the Publish panel.">
                  Draft
                </Badge>
              )
            )}
            {config.badges?.(r)}
            {config.commands
              ?.filter((cmd) => cmd.shows(r))
              .map((cmd) => (
                <AdminButton key={cmd.action} variant="success" size="sm" disabled={editor.busy(r, cmd)} onClick={() => editor.run(r, cmd)}>
                  <cmd.icon aria-hidden="true" />
                  {cmd.label}
                </AdminButton>
              ))}
            {config.rowButtons?.(r)}
            <RowActions
              name={name}
              onHistory={() => setHistoryOf(r)}
              onEdit={() => editor.openEdit(r)}
              onDelete={() => editor.remove(r)}
              deleting={editor.busy(r)}
            />
          </>
        }
      >
        {config.row(r)}
      </RecordRow>
    );
  };

  return (
    <TabCard
      title={config.title}
      description={config.description}
      addLabel={messages.addTitle}
      onAdd={() => editor.openNew()}
      actions={
        <AdminButton variant="outline" onClick={() => setShowDeleted(true)}>
          <ArchiveRestore aria-hidden="true" />
          {/* An icon on a phone, beside the add button; the name stays for screen readers. */}
          <span className="max-sm:sr-only">Recently deleted</span>
        </AdminButton>
      }
    >
      <ListState query={list} isEmpty={items.length === 0 && !builtIn} loadingText={messages.loading} emptyText={messages.empty}>
        {config.groups ? (
          <div className="grid gap-4 lg:grid-cols-2">
            {config.groups.options.map((g) => {
              const rows = items.filter((r) => config.groups?.of(r) === g.value);
              return (
                <section key={g.value} aria-label={g.label} className="rounded-lg border border-default p-4">
                  <h3 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">{g.label}</h3>
                  {rows.length === 0 ? <p className="text-sm text-muted">{config.groups?.emptyText}</p> : <RecordList>{rows.map(row)}</RecordList>}
                </section>
              );
            })}
          </div>
        ) : (
          <RecordList>{items.map(row)}</RecordList>
        )}
        {builtIn && (
          <section aria-label="Built-in samples" className={cn('grid gap-3 rounded-lg border border-dashed border-accent-line bg-accent-soft/40 p-4', items.length > 0 && 'mt-6')}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-body">{builtIn.heading}</p>
              <AdminButton variant="outline" size="sm" disabled={editor.copying} onClick={() => editor.copy(builtIn.records)}>
                <Copy aria-hidden="true" />
                {builtIn.copyLabel}
              </AdminButton>
            </div>
            <RecordList>
              {builtIn.records.map((r) => (
                <RecordRow key={r.id} label={config.name(r)} aside={<Badge variant="accent" className="rounded-md">{builtIn.mark}</Badge>}>
                  {config.row(r)}
                </RecordRow>
              ))}
            </RecordList>
          </section>
        )}
      </ListState>
      <RecordDialog
        noun={config.noun}
        open={editor.dialog.open}
        onOpenChange={editor.setOpen}
        title={record ? messages.editTitle : messages.addTitle}
        description={config.dialogDescription}
        fields={fields}
        schema={config.schema}
        initial={initialValues(fields, record ?? editor.dialog.draft)}
        version={record?.version}
        submitLabel={record ? 'Save Changes' : messages.createLabel}
        pending={editor.saving}
        onSubmit={editor.submit}
        draftKey={`${config.resource}:${record?.id ?? 'new'}`}
        checks={config.checks && ((values) => config.checks?.(values, items, record?.id, checksOff) ?? [])}
      />
      <RowConflictDialog config={config} editor={editor} />
      <HistoryDialog config={config} record={historyOf} onClose={() => setHistoryOf(null)} onRestore={editor.restore} restoring={editor.restoring} />
      <DeletedDialog config={config} open={showDeleted} onOpenChange={setShowDeleted} onRestore={editor.restore} restoring={editor.restoring} />
    </TabCard>
  );
}

/** A delete or a row action (Publish) that met a newer version: theirs beside what the row showed. */
export function RowConflictDialog<T extends VersionedRecord>({ config, editor }: { config: ResourceConfig<T>; editor: ReturnType<typeof useRecordEditor<T>> }) {
  const rc: RowConflict<T> | null = editor.rowConflict;
  const current = rc?.conflict.current as T | null | undefined;
  const verb = rc?.command ? rc.command.label : 'Delete';
  return (
    <ConflictDialog
      conflict={rc?.conflict ?? null}
      onDismiss={editor.dismissRowConflict}
      noun={config.noun}
      fields={config.fields}
      mine={initialValues(config.fields, rc?.record)}
      mineLabel="You saw"
      actions={
        rc && current
          ? [
              { label: 'Keep theirs', onSelect: editor.dismissRowConflict },
              {
                label: `${verb} anyway`,
                variant: rc.command ? 'primary' : 'destructive',
                onSelect: () => (rc.command ? editor.run(rc.record, rc.command, current.version) : editor.remove(rc.record, current.version)),
              },
            ]
          : [{ label: 'Close', onSelect: editor.dismissRowConflict }]
      }
    />
  );
}
