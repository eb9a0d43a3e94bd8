import { useState } from 'react';
import { ChevronLeft, ChevronRight, Download, History, Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { toast } from '@/lib/toast-store';
import { cn } from '@/lib/cn';
import { showingText } from './lib/paging';
import { AdminButton } from '@/components/ui/admin-button';
import { Panel, PanelContent, PanelHeader, PanelHeading } from '@/components/ui/panel';
import { IconButton } from '@/components/ui/icon-button';

type TabCardProps = {
  title: string;
  description: string;
  /** The id of the title, which then names the panel. */
  titleId?: string;
  className?: string;
  addLabel?: string;
  onAdd?: () => void;
  /** Further buttons (or a badge) of the heading, before the add button. */
  actions?: React.ReactNode;
  children: React.ReactNode;
};

/** A titled panel of a tab: its heading, its buttons (add, and others), then what it holds (a list, a form). */
export function TabCard({ title, description, titleId, className, addLabel, onAdd, actions, children }: TabCardProps) {
  return (
    <Panel className={className} aria-labelledby={titleId}>
      <PanelHeader>
        <PanelHeading id={titleId} title={title} description={description} />
        {(actions || (addLabel && onAdd)) && (
          <div className="flex flex-wrap items-center gap-2">
            {actions}
            {addLabel && onAdd && (
              <AdminButton variant="primary" onClick={onAdd}>
                <Plus aria-hidden="true" />
                {addLabel}
              </AdminButton>
            )}
          </div>
        )}
      </PanelHeader>
      <PanelContent>{children}</PanelContent>
    </Panel>
  );
}

type BusyButtonProps = React.ComponentProps<typeof AdminButton> & {
  icon: LucideIcon;
  /** What it started is under way: the button says busyLabel instead of label. */
  busy: boolean;
  label: string;
  busyLabel: string;
};

/** A button with its icon whose words say when what it started is under way ("Saving..."). */
export function BusyButton({ icon: Icon, busy, label, busyLabel, ...props }: BusyButtonProps) {
  return (
    <AdminButton {...props}>
      <Icon aria-hidden="true" />
      {busy ? busyLabel : label}
    </AdminButton>
  );
}

type ExportButtonProps = {
  label: string;
  /** Saves the file and answers its name, which a toast names. */
  download: () => Promise<string>;
  /** What a toast says when it fails. */
  failure: string;
};

/** The CSV export of a list tab: a button that downloads the file, waiting while it does. */
export function ExportButton({ label, download, failure }: ExportButtonProps) {
  const [exporting, setExporting] = useState(false);
  async function run() {
    setExporting(true);
    try {
      const name = await download();
      toast({ title: 'Success', description: `Exported ${name}` });
    } catch {
      toast({ title: 'Error', description: failure, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }
  return <BusyButton variant="outline" onClick={() => void run()} disabled={exporting} icon={Download} busy={exporting} label={label} busyLabel="Exporting..." />;
}

type ListStateProps = {
  /** The load of what is shown (a query of React Query). */
  query: { isLoading: boolean; error: Error | null };
  /** Nothing to list: the empty message shows instead. */
  isEmpty?: boolean;
  loadingText: string;
  emptyText?: string;
  children: React.ReactNode;
};

/** The loading message, the load failure or the empty message, else the list (or the form). */
export function ListState({ query: { isLoading, error }, isEmpty = false, loadingText, emptyText, children }: ListStateProps) {
  if (isLoading) {
    return (
      <p role="status" className="py-10 text-center text-sm text-muted">
        {loadingText}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="rounded-lg border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger">
        {error.message}
      </p>
    );
  }
  if (isEmpty) {
    return <p className="rounded-lg border border-dashed border-strong py-10 text-center text-sm text-muted">{emptyText}</p>;
  }
  return <>{children}</>;
}

/** One record in a list: its text on the left, badges and buttons on the right. */
export function RecordRow({ children, aside, label }: { children: React.ReactNode; aside: React.ReactNode; label: string }) {
  return (
    <li aria-label={label} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">{children}</div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">{aside}</div>
    </li>
  );
}

type PagedListProps = {
  /** The load of the page shown (a query of React Query answering a Paged). */
  query: {
    isLoading: boolean;
    isFetching: boolean;
    isPlaceholderData: boolean;
    error: Error | null;
    data?: { data: unknown[]; total: number; pageSize: number };
  };
  /** The list's name, as assistive technology announces it. */
  label: string;
  loadingText: string;
  emptyText: string;
  /** The columns of the header row and from which width it shows ("grid-cols-[…] lg:grid"), as the rows lay out theirs. */
  columns: string;
  headings: React.ReactNode;
  /** The name of the pager ("Pages of leads"), the page shown, and the move to another. */
  pagerLabel: string;
  page: number;
  onPage: (page: number) => void;
  children: React.ReactNode;
};

/**
 * One page of a list as a table, with the loading, failure and empty
 * states of ListState: the header of its columns on wide screens (read by
 * sight: each row names its own parts), its rows, dimmed while the next
 * page loads, and the Pager below.
 */
export function PagedList({ query, label, loadingText, emptyText, columns, headings, pagerLabel, page, onPage, children }: PagedListProps) {
  const shown = query.data?.data.length ?? 0;
  const total = query.data?.total ?? 0;
  return (
    <>
      <ListState query={query} isEmpty={shown === 0} loadingText={loadingText} emptyText={emptyText}>
        <div className="overflow-hidden rounded-lg border border-default">
          <div aria-hidden="true" className={cn('hidden gap-4 border-b border-default bg-surface-muted px-4 py-2 text-xs font-medium tracking-wide text-muted uppercase', columns)}>
            {headings}
          </div>
          <ul aria-label={label} className={cn('divide-y divide-subtle', query.isPlaceholderData && 'opacity-60')}>
            {children}
          </ul>
        </div>
      </ListState>
      {!query.isLoading && !query.error && total > 0 && (
        <Pager label={pagerLabel} page={page} pageSize={query.data?.pageSize ?? shown} shown={shown} total={total} busy={query.isFetching} onPage={onPage} />
      )}
    </>
  );
}

export function RecordList({ children }: { children: React.ReactNode }) {
  return <ul className="divide-y divide-subtle">{children}</ul>;
}

type RowActionsProps = { name: string; onHistory: () => void; onEdit: () => void; onDelete: () => void; deleting: boolean };

/**
 * The history, edit and delete buttons of a record. Delete asks no
 * confirmation (SPEC section 2): its toast offers Undo instead.
 */
export function RowActions({ name, onHistory, onEdit, onDelete, deleting }: RowActionsProps) {
  return (
    <>
      <IconButton icon={History} tip="History" label={`History of ${name}`} onClick={onHistory} />
      <IconButton icon={Pencil} tip="Edit" label={`Edit ${name}`} onClick={onEdit} />
      <IconButton icon={Trash2} tip="Delete" label={`Delete ${name}`} disabled={deleting} danger onClick={onDelete} />
    </>
  );
}

type PagerProps = {
  /** The name of the navigation ("Pages of leads"). */
  label: string;
  page: number;
  pageSize: number;
  /** The rows on this page. */
  shown: number;
  total: number;
  /** A page is loading: the buttons wait for it. */
  busy: boolean;
  onPage: (page: number) => void;
};

/** Which rows of how many show, with Previous and Next. */
export function Pager({ label, page, pageSize, shown, total, busy, onPage }: PagerProps) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-body tabular-nums" role="status">
        {showingText(page, pageSize, shown, total)}
      </p>
      <div className="flex gap-2">
        <AdminButton variant="outline" size="sm" className="max-sm:h-11" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </AdminButton>
        <AdminButton variant="outline" size="sm" className="max-sm:h-11" disabled={page * pageSize >= total || busy} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </AdminButton>
      </div>
    </nav>
  );
}

type ToggleOption<T extends string> = { value: T; label: string; icon: typeof Plus; count?: number };

type ToggleGroupProps<T extends string> = {
  /** The name of the group ("Lead view"). */
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ToggleOption<T>[];
};

/** One view of a list among a few, as toggle buttons side by side, each with its icon and, when known, its count. */
export function ToggleGroup<T extends string>({ label, value, onChange, options }: ToggleGroupProps<T>) {
  return (
    <div role="group" aria-label={label} className="inline-flex max-w-full self-start overflow-x-auto rounded-lg border border-default bg-surface-muted p-0.5">
      {options.map(({ value: v, label: text, icon: Icon, count }) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          className={cn(
            // Below sm the icons give way to the words.
            'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-body transition-colors hover:text-default focus-visible:outline-2 focus-visible:outline-focus sm:px-3 [&_svg]:size-4 max-sm:[&_svg]:hidden',
            value === v && 'bg-surface text-default shadow-xs ring-1 ring-default',
          )}
        >
          <Icon aria-hidden="true" />
          {text}
          {count !== undefined && <span className="text-xs font-normal text-muted tabular-nums">{count}</span>}
        </button>
      ))}
    </div>
  );
}
