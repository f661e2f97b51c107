import {
  LANGUAGE_GROUPS,
  type CatalogueEntity,
  type Language,
  type RecordOf,
  type TranslationLanguage,
  type UploadKind,
} from '@gia/shared';
import { CATALOGUE_TREE } from '@gia/shared/catalogue-tree.ts';
import type { Rec } from './api/catalogue.ts';
import { contextLabel } from './context-label.ts';
import { dayMonthYear, orNotAvailable, rupees, upper } from './format.ts';
import { translatedInto } from './translations.ts';

/*
 * The parts the back-office screens are built from (catalogue-config.ts): form fields, table
 * columns and filters. Fields, ids and dropdown lists come from the catalogue tree; columns and
 * filters name their record's fields, which the type checker holds to the entity's record type.
 */

export type { Rec };

export interface FieldDef {
  name: string;
  label: string;
  type: 'text' | 'number' | 'textarea' | 'checkbox' | 'select' | 'file' | 'options';
  /** Part of the "required" check made before saving. */
  required?: boolean;
  /** For `select`: the list its options come from (their value is the id, their label the name). */
  source?: CatalogueEntity;
  /** Options only where `item[field]` equals this form's value of `from`; disabled until chosen. */
  dependsOn?: { from: string; field: string };
  options?: { value: string; label: string; group?: string }[];
  upload?: { kind: UploadKind; accept: string };
  /**
   * The record's field that holds this input's value, when not its name (a chapter's
   * `description` is stored and read as `chapter_description`): the value in edit mode, and the
   * field its translations give.
   */
  storedAs?: string;
  /** Not sent (a cascading parent that only narrows the next dropdown). */
  virtual?: boolean;
  defaultValue?: unknown;
}

/** What a table cell shows: text, or media and flags drawn by the table. */
export type Cell =
  | string
  | { kind: 'image' | 'free' | 'play' | 'notes'; value: unknown }
  /** A topic's or about-subject's video state (issue 15), with Retry when it failed. */
  | { kind: 'video'; value: { entity: 'topic' | 'about-subject'; record: Rec } }
  /** A topic's captions tracks (issue 15), managed in a dialog. */
  | { kind: 'captions'; value: Rec }
  /**
   * A record's name, with its medium of instruction when not English and the languages it is
   * translated into (issue 33).
   */
  | {
      kind: 'title';
      value: { text: string; medium?: string; languages: TranslationLanguage[] };
    };

export interface ColumnDef {
  header: string;
  render: (r: Rec) => Cell;
}

export interface FilterDef {
  label: string;
  /** `text`: rows whose value contains the typed text; `select`: rows whose value is the chosen one. */
  kind: 'text' | 'select';
  value: (r: Rec) => string;
  /** For `select`: how a value is offered (default: the value itself). */
  choiceLabel?: (r: Rec) => string;
  /** The URL search parameter that chooses it when the screen opens (`/Topics?chapter=<id>`). */
  param?: string;
}

export const IMAGE = {
  kind: 'image' as const,
  accept: '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif',
};
export const VIDEO = { kind: 'video' as const, accept: 'video/*' };
export const NOTES = {
  kind: 'notes' as const,
  accept: '.pdf,.doc,.docx,.txt,.ppt,.pptx,.jpg,.jpeg,.png,.gif',
};

const STATUS_OPTIONS = [
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];
/** A language of the topics' list as a person reads it ("kannada" → "Kannada"). */
export const languageLabel = (language: string) =>
  language.charAt(0).toUpperCase() + language.slice(1);

const LANGUAGE_OPTIONS = Object.entries(LANGUAGE_GROUPS).flatMap(([group, langs]) =>
  langs.map((l) => ({ value: l, label: languageLabel(l), group })),
);

/** The media of instruction a class or subject is offered in (issue 33): the product's languages. */
const MEDIA: readonly Language[] = ['english', 'kannada', 'hindi'];
const MEDIUM_OPTIONS = MEDIA.map((m) => ({ value: m, label: languageLabel(m) }));

// Form fields.

export const textField = (name: string, label: string, required = false): FieldDef => ({
  name,
  label,
  type: 'text',
  required,
});
export const textareaField = (
  name: string,
  label: string,
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  label,
  type: 'textarea',
  ...extra,
});

/**
 * A dropdown of the records of `entity`; with `cascade`, narrowed to the chosen record of its
 * parent (and disabled until one is chosen).
 */
export function selectField(
  entity: CatalogueEntity,
  extra: Partial<FieldDef> & { cascade?: boolean } = {},
): FieldDef {
  const { cascade, ...rest } = extra;
  const { id, label, parent } = CATALOGUE_TREE[entity];
  const parentId = parent ? CATALOGUE_TREE[parent].id : undefined;
  return {
    name: id,
    label,
    type: 'select',
    source: entity,
    ...(cascade && parentId ? { dependsOn: { from: parentId, field: parentId } } : {}),
    ...rest,
  };
}

/** The price input, shown in edit mode from the field the record stores it in. */
export const priceField = (storedAs: string): FieldDef => ({
  name: 'price',
  label: 'Price',
  type: 'number',
  required: true,
  storedAs,
});

/** An image upload, shown in edit mode from the field the record stores it in. */
export const imageField = (label: string, storedAs = 'image_url', required = false): FieldDef => ({
  name: 'image_url',
  label,
  type: 'file',
  upload: IMAGE,
  required,
  storedAs,
});

export const freeCourseField = (): FieldDef => ({
  name: 'free_course',
  label: 'Free Course',
  type: 'checkbox',
  defaultValue: false,
});

export const fileField = (name: string, label: string, upload: FieldDef['upload']): FieldDef => ({
  name,
  label,
  type: 'file',
  upload,
});

export const optionsField = (
  name: string,
  label: string,
  options: FieldDef['options'],
  defaultValue: string,
): FieldDef => ({ name, label, type: 'options', options, defaultValue });

export const statusField = () => optionsField('status', 'Status', STATUS_OPTIONS, 'Active');
export const languageField = () =>
  optionsField('language', 'Language', LANGUAGE_OPTIONS, 'english');
/** A class's or subject's medium of instruction; English unless the admin says otherwise. */
export const mediumField = () =>
  optionsField('medium', 'Medium of instruction', MEDIUM_OPTIONS, 'english');

// Table columns and filters, on the fields of one entity's records.

type FieldOf<E extends CatalogueEntity> = keyof RecordOf<E> & string;

/** Column and filter builders whose field names the type checker holds to the entity's record. */
export const tableOf = <E extends CatalogueEntity>() => ({
  upper: (header: string, field: FieldOf<E>): ColumnDef => ({
    header,
    render: (r) => upper(r[field]),
  }),
  /** The record's own name, in capitals, with its medium and translations marked. */
  title: (header: string, field: FieldOf<E>): ColumnDef => ({
    header,
    render: (r) => ({
      kind: 'title',
      value: {
        text: upper(r[field]),
        ...(typeof r.medium === 'string' && r.medium !== 'english'
          ? { medium: languageLabel(r.medium) }
          : {}),
        languages: translatedInto(r),
      },
    }),
  }),
  text: (header: string, field: FieldOf<E>, missing = 'N/A'): ColumnDef => ({
    header,
    render: (r) => orNotAvailable(r[field], missing),
  }),
  price: (field: FieldOf<E>): ColumnDef => ({ header: 'Price', render: (r) => rupees(r[field]) }),
  date: (header: string, field: FieldOf<E>): ColumnDef => ({
    header,
    render: (r) => dayMonthYear(r[field]),
  }),
  /** "Created By" (unless `by` is left out) and the creation date. */
  created: (
    by: FieldOf<E> | undefined,
    at: FieldOf<E>,
    atHeader = 'Created At',
    missing = 'N/A',
  ): ColumnDef[] => [
    ...(by ? [{ header: 'Created By', render: (r: Rec) => orNotAvailable(r[by], missing) }] : []),
    { header: atHeader, render: (r) => dayMonthYear(r[at]) },
  ],
  media: (header: string, kind: 'image' | 'play' | 'notes', field: FieldOf<E>): ColumnDef => ({
    header,
    render: (r) => ({ kind, value: r[field] }),
  }),
  free: (): ColumnDef => ({
    header: 'Free Course',
    render: (r) => ({ kind: 'free', value: r.free_course }),
  }),
  filter: (label: string, kind: FilterDef['kind'], field: FieldOf<E>): FilterDef => ({
    label,
    kind,
    value: (r) => orNotAvailable(r[field], ''),
  }),
  /** A choice of the records' `entity` (itself or an ancestor), offered with its context. */
  choice: (label: string, entity: CatalogueEntity): FilterDef => ({
    label,
    kind: 'select',
    value: (r) => orNotAvailable(r[CATALOGUE_TREE[entity].id], ''),
    choiceLabel: (r) => contextLabel(entity, r),
  }),
  dateField: (field: FieldOf<E>) => (r: Rec) => r[field],
});
