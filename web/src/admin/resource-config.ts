import type { LucideIcon } from 'lucide-react';
import type { z } from 'zod';
import type { Choice, PageCheckID } from '@/lib/api-types';
import type { FieldSpec, FormValues } from './lib/fields';
import type { RecordResource, VersionedRecord } from './lib/resources';

/** An action of one record beside edit and delete, such as a page's Publish. */
export type RecordCommand<T> = {
  /** The path after the record's URL: POST /api/admin/{resource}/{id}/{action}. */
  action: string;
  label: string;
  icon: LucideIcon;
  /** Whether the row offers it. */
  shows: (record: T) => boolean;
  success: string;
  failure: string;
};

/** Rows shown in one section per value of a field, such as footer links by category. */
export type RecordGroups<T> = {
  of: (record: T) => string;
  options: Choice[];
  emptyText: string;
};

/** Records the site shows while the list has none of its own, such as the sample testimonials. */
export type BuiltInRecords<T> = {
  records: T[];
  /** Whether the site shows them, given the list. */
  shown: (items: T[]) => boolean;
  /** What the list says of them. */
  heading: string;
  /** What marks each of them. */
  mark: string;
  copyLabel: string;
};

/** The texts of a tab; each has a default made from the nouns. */
export type ResourceMessages = {
  addTitle: string;
  editTitle: string;
  createLabel: string;
  loading: string;
  empty: string;
  loadError: string;
  created: string;
  updated: string;
  deleted: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
};

/** One management tab: what ResourceTab needs to list, add, edit and delete a kind of record. */
export type ResourceConfig<T extends VersionedRecord> = {
  resource: RecordResource;
  /** The record in a sentence's start ("Menu item"), and many of them ("menu items"). */
  noun: string;
  plural: string;
  title: string;
  description: string;
  dialogDescription: string;
  fields: FieldSpec[];
  /** The fields of the form given the list and the record being edited (none for a new one), when a field's choices come from them (a menu item's parent); else fields. */
  fieldsFor?: (records: readonly T[], record?: T) => FieldSpec[];
  /** The rules of the form (lib/schemas.ts); its output is what is sent. */
  schema: z.ZodType<object>;
  /** What the form warns of while it is written (lib/page-checks.ts), given the other records, the record's own id and the checks switched off in Settings. */
  checks?: (values: FormValues, records: readonly T[], id: number | undefined, off: ReadonlySet<PageCheckID>) => string[];
  /** The record's name: the row's label and the buttons' ("Edit Home"). */
  name: (record: T) => string;
  sort?: (a: T, b: T) => number;
  /** The list in its shown order, when more than a sort (a menu's children under their parent); after sort. */
  arrange?: (records: T[]) => T[];
  /** The row's text. */
  row: (record: T) => React.ReactNode;
  /** Badges before the row's buttons. */
  badges?: (record: T) => React.ReactNode;
  /** Buttons of the record's own, before its history, edit and delete. */
  rowButtons?: (record: T) => React.ReactNode;
  commands?: RecordCommand<T>[];
  groups?: RecordGroups<T>;
  builtIn?: BuiltInRecords<T>;
  messages?: Partial<ResourceMessages>;
};

const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/** The texts of a tab: its own where it gives them, else made from its nouns. */
export function resourceMessages(config: Pick<ResourceConfig<VersionedRecord>, 'noun' | 'plural' | 'messages'>): ResourceMessages {
  const { noun, plural } = config;
  const title = titleCase(noun);
  const lower = noun.toLowerCase();
  return {
    addTitle: `Add ${title}`,
    editTitle: `Edit ${title}`,
    createLabel: `Create ${title}`,
    loading: `Loading ${plural}...`,
    empty: `No ${plural} yet.`,
    loadError: `Failed to fetch ${plural}`,
    created: `${noun} created successfully`,
    updated: `${noun} updated successfully`,
    deleted: `${noun} deleted successfully`,
    createFailed: `Failed to save ${lower}`,
    updateFailed: `Failed to save ${lower}`,
    deleteFailed: `Failed to delete ${lower}`,
    ...config.messages,
  };
}
