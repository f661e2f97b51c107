import { LANGUAGE_GROUPS } from '@gia/shared';
import type { UploadKind } from '@gia/shared';
import { dayMonthYear, rupees, upper } from './format.ts';

export type Rec = Record<string, unknown>;

/** Lists a screen loads for its dropdowns. */
export type Source = 'getBoards' | 'getClasses' | 'getSubjects' | 'getSubSubjects' | 'getChapters';

export interface FieldDef {
  name: string;
  label: string;
  type: 'text' | 'number' | 'textarea' | 'checkbox' | 'select' | 'file' | 'options';
  /** Part of the "required" check made before saving. */
  required?: boolean;
  /** For `select`: where options come from, their value and label fields. */
  source?: { list: Source; value: string; label: string };
  /** Options only where `item[field]` equals this form's value of `from`; disabled until chosen. */
  dependsOn?: { from: string; field: string };
  options?: { value: string; label: string; group?: string }[];
  upload?: { kind: UploadKind; accept: string };
  /** The value in edit mode (default: the record's field of the same name). */
  fromRecord?: (r: Rec) => unknown;
  /** Not sent (a cascading parent that only narrows the next dropdown). */
  virtual?: boolean;
  defaultValue?: unknown;
}

export interface ColumnDef {
  header: string;
  render: (r: Rec) => string | { kind: 'image' | 'free' | 'play' | 'notes'; value: unknown };
}

export interface FilterDef {
  label: string;
  kind: 'text' | 'select';
  value: (r: Rec) => string;
}

export interface ScreenConfig {
  entity: string;
  list: Source | 'getAboutSubjects' | 'getTopics' | 'gettestimonial';
  insert: string;
  update: string;
  remove: string;
  idField: string;
  titles: [add: string, edit: string];
  buttons: [add: string, edit: string];
  /** The noun of the save confirmation ("…submit the Board?"). */
  confirmNoun: string;
  requiredMessage: string;
  errorNoun: string;
  tableTitle: string;
  empty: string;
  sources: Source[];
  fields: FieldDef[];
  columns: ColumnDef[];
  filters: FilterDef[];
  dateField: (r: Rec) => unknown;
}

const IMAGE = {
  kind: 'image' as const,
  accept: '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif',
};
const VIDEO = { kind: 'video' as const, accept: 'video/*' };
const NOTES = {
  kind: 'notes' as const,
  accept: '.pdf,.doc,.docx,.txt,.ppt,.pptx,.jpg,.jpeg,.png,.gif',
};
const str = (v: unknown) => (typeof v === 'string' ? v : '');

const board = (): FieldDef => ({
  name: 'board_id',
  label: 'Board',
  type: 'select',
  source: { list: 'getBoards', value: 'board_id', label: 'board_name' },
});
const cls = (): FieldDef => ({
  name: 'class_id',
  label: 'Class',
  type: 'select',
  source: { list: 'getClasses', value: 'class_id', label: 'class_name' },
  dependsOn: { from: 'board_id', field: 'board_id' },
});
const subject = (): FieldDef => ({
  name: 'subject_id',
  label: 'Subject',
  type: 'select',
  source: { list: 'getSubjects', value: 'subject_id', label: 'subject_name' },
  dependsOn: { from: 'class_id', field: 'class_id' },
});

const STATUS_OPTIONS = [
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];
const LANGUAGE_OPTIONS = Object.entries(LANGUAGE_GROUPS).flatMap(([group, langs]) =>
  langs.map((l) => ({ value: l, label: l.charAt(0).toUpperCase() + l.slice(1), group })),
);

export const SCREENS: Record<string, ScreenConfig> = {
  Board: {
    entity: 'Board',
    list: 'getBoards',
    insert: 'insertBoards',
    update: 'updateBoards',
    remove: 'deleteBoards',
    idField: 'board_id',
    titles: ['Add New Board', 'Edit Board'],
    buttons: ['Add Board', 'Update'],
    confirmNoun: 'Board',
    requiredMessage: 'Board Name is required.',
    errorNoun: 'Board',
    tableTitle: 'Boards List',
    empty: 'No data available.',
    sources: [],
    fields: [
      { name: 'board_name', label: 'Board Name', type: 'text', required: true },
      { name: 'image_url', label: 'Upload file', type: 'file', upload: IMAGE },
      { name: 'free_course', label: 'Free Course', type: 'checkbox', defaultValue: false },
    ],
    columns: [
      { header: 'Board Name', render: (r) => upper(r.board_name) },
      { header: 'Created At', render: (r) => dayMonthYear(r.created_at) },
      { header: 'Image', render: (r) => ({ kind: 'image', value: r.image_url }) },
      { header: 'Free Course', render: (r) => ({ kind: 'free', value: r.free_course }) },
    ],
    filters: [{ label: 'Board Name', kind: 'select', value: (r) => str(r.board_name) }],
    dateField: (r) => r.created_at,
  },
  Class: {
    entity: 'Class',
    list: 'getClasses',
    insert: 'insertClasses',
    update: 'updateClasses',
    remove: 'deleteClasses',
    idField: 'class_id',
    titles: ['Add New Class', 'Edit Class'],
    buttons: ['Add Class', 'Update Class'],
    confirmNoun: 'Class',
    requiredMessage: 'All fields are required.',
    errorNoun: 'Class',
    tableTitle: 'Classes List',
    empty: 'No Classes Found.',
    sources: ['getBoards'],
    fields: [
      { name: 'class_name', label: 'Class Name', type: 'text', required: true },
      { ...board(), required: true },
      {
        name: 'price',
        label: 'Price',
        type: 'number',
        required: true,
        fromRecord: (r) => r.class_price,
      },
      {
        name: 'image_url',
        label: 'Upload Card Image',
        type: 'file',
        upload: IMAGE,
        fromRecord: (r) => r.class_image_url,
      },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'free_course', label: 'Free Course', type: 'checkbox', defaultValue: false },
    ],
    columns: [
      { header: 'Board', render: (r) => upper(r.board_name) },
      { header: 'Class Name', render: (r) => upper(r.class_name) },
      { header: 'Price', render: (r) => rupees(r.class_price) },
      { header: 'Created By', render: (r) => str(r.class_created_by) || 'N/A' },
      { header: 'Created At', render: (r) => dayMonthYear(r.class_created_at) },
      { header: 'Image', render: (r) => ({ kind: 'image', value: r.class_image_url }) },
      { header: 'Free Course', render: (r) => ({ kind: 'free', value: r.free_course }) },
    ],
    filters: [
      { label: 'Board Name', kind: 'select', value: (r) => str(r.board_name) },
      { label: 'Class Name', kind: 'text', value: (r) => str(r.class_name) },
    ],
    dateField: (r) => r.class_created_at,
  },
  Subject: {
    entity: 'Subject',
    list: 'getSubjects',
    insert: 'insertSubjects',
    update: 'updateSubjects',
    remove: 'deleteSubjects',
    idField: 'subject_id',
    titles: ['Add New Subject', 'Edit Subject'],
    buttons: ['Add Subject', 'Update Subject'],
    confirmNoun: 'Subject',
    requiredMessage: 'All fields are required.',
    errorNoun: 'Subject',
    tableTitle: 'Subjects List',
    empty: 'No Subjects Found.',
    sources: ['getBoards', 'getClasses'],
    fields: [
      { ...board(), required: true, virtual: true },
      { ...cls(), required: true },
      { name: 'subject_name', label: 'Subject Name', type: 'text', required: true },
      {
        name: 'price',
        label: 'Price',
        type: 'number',
        required: true,
        fromRecord: (r) => r.subject_price,
      },
      {
        name: 'image_url',
        label: 'Upload file',
        type: 'file',
        upload: IMAGE,
        fromRecord: (r) => r.subject_image_url,
      },
      { name: 'free_course', label: 'Free Course', type: 'checkbox', defaultValue: false },
    ],
    columns: [
      { header: 'Subject Name', render: (r) => upper(r.subject_name) },
      { header: 'Class', render: (r) => upper(r.class_name) },
      { header: 'Price', render: (r) => rupees(r.subject_price) },
      { header: 'Created By', render: (r) => str(r.subject_created_by) || 'N/A' },
      { header: 'Created Date', render: (r) => dayMonthYear(r.subject_created_date) },
      { header: 'Image', render: (r) => ({ kind: 'image', value: r.subject_image_url }) },
      { header: 'Free Course', render: (r) => ({ kind: 'free', value: r.free_course }) },
    ],
    filters: [
      { label: 'Class Name', kind: 'text', value: (r) => str(r.class_name) },
      { label: 'Subject Name', kind: 'text', value: (r) => str(r.subject_name) },
    ],
    dateField: (r) => r.subject_created_date,
  },
  SubSubject: {
    entity: 'Sub-Subject',
    list: 'getSubSubjects',
    insert: 'insertSubSubjects',
    update: 'updateSubSubjects',
    remove: 'deleteSubSubjects',
    idField: 'sub_subject_id',
    titles: ['Add New Sub-Subject', 'Edit Sub-Subject'],
    buttons: ['Add Sub-Subject', 'Update Sub-Subject'],
    confirmNoun: 'Sub-Subject',
    requiredMessage: 'All fields are required.',
    errorNoun: 'Sub-Subject',
    tableTitle: 'Sub-Subjects List',
    empty: 'No Subjects Found.',
    sources: ['getBoards', 'getClasses', 'getSubjects'],
    fields: [
      { ...board(), virtual: true },
      { ...cls(), virtual: true },
      { ...subject(), required: true },
      { name: 'sub_subject_name', label: 'Sub-Subject Name', type: 'text', required: true },
      {
        name: 'price',
        label: 'Price',
        type: 'number',
        required: true,
        fromRecord: (r) => r.sub_subject_price,
      },
      {
        name: 'image_url',
        label: 'Upload Card Image',
        type: 'file',
        upload: IMAGE,
        fromRecord: (r) => r.sub_subject_image_url,
      },
      { name: 'free_course', label: 'Free Course', type: 'checkbox', defaultValue: false },
    ],
    columns: [
      { header: 'Subject', render: (r) => upper(r.subject_name) },
      { header: 'Sub-Subject Name', render: (r) => upper(r.sub_subject_name) },
      { header: 'Price', render: (r) => rupees(r.sub_subject_price) },
      { header: 'Created By', render: (r) => str(r.sub_subject_created_by) || 'N/A' },
      { header: 'Created At', render: (r) => dayMonthYear(r.sub_subject_created_date) },
      { header: 'Image', render: (r) => ({ kind: 'image', value: r.sub_subject_image_url }) },
      { header: 'Free Course', render: (r) => ({ kind: 'free', value: r.free_course }) },
    ],
    filters: [
      { label: 'Subject Name', kind: 'text', value: (r) => str(r.subject_name) },
      { label: 'Sub-Subject Name', kind: 'text', value: (r) => str(r.sub_subject_name) },
    ],
    dateField: (r) => r.sub_subject_created_date,
  },
  SubjectDetails: {
    entity: 'Subject details',
    list: 'getAboutSubjects',
    insert: 'insertAboutSubjects',
    update: 'updateAboutSubjects',
    remove: 'deleteAboutSubjects',
    idField: 'about_subject_id',
    titles: ['Upload Subject Details', 'Edit Subject Details'],
    buttons: ['Submit', 'Update'],
    confirmNoun: 'Subject details',
    requiredMessage: 'Please choose the Sub Subject.',
    errorNoun: 'details',
    tableTitle: 'Sub-Subjects List',
    empty: 'No Subjects Found.',
    sources: ['getBoards', 'getClasses', 'getSubjects', 'getSubSubjects'],
    fields: [
      { ...board(), virtual: true },
      { ...cls(), virtual: true },
      { ...subject(), virtual: true },
      {
        name: 'sub_subject_id',
        label: 'Sub Subject',
        type: 'select',
        required: true,
        source: { list: 'getSubSubjects', value: 'sub_subject_id', label: 'sub_subject_name' },
        dependsOn: { from: 'subject_id', field: 'subject_id' },
      },
      { name: 'video_url', label: 'Video', type: 'file', upload: VIDEO },
      { name: 'notes_url', label: 'Notes', type: 'file', upload: NOTES },
      { name: 'comments', label: 'Comments', type: 'textarea' },
      { name: 'author', label: 'Author', type: 'text' },
      {
        name: 'status',
        label: 'Status',
        type: 'options',
        options: STATUS_OPTIONS,
        defaultValue: 'Active',
      },
      {
        name: 'language',
        label: 'Language',
        type: 'options',
        options: LANGUAGE_OPTIONS,
        defaultValue: 'english',
      },
    ],
    columns: [
      { header: 'Sub-Subject', render: (r) => upper(r.sub_subject_name) },
      { header: 'Author', render: (r) => str(r.author) || 'N/A' },
      { header: 'Comments', render: (r) => str(r.comments) || 'N/A' },
      { header: 'Language', render: (r) => str(r.language) || 'N/A' },
      { header: 'Status', render: (r) => str(r.status) || 'N/A' },
      { header: 'Created Date', render: (r) => dayMonthYear(r.created_date) },
      { header: 'Play', render: (r) => ({ kind: 'play', value: r.video_url }) },
      { header: 'Notes', render: (r) => ({ kind: 'notes', value: r.notes_url }) },
    ],
    filters: [{ label: 'Author', kind: 'text', value: (r) => str(r.author) }],
    dateField: (r) => r.created_date,
  },
  Chapters: {
    entity: 'chapter',
    list: 'getChapters',
    insert: 'insertChapters',
    update: 'updateChapters',
    remove: 'deleteChapters',
    idField: 'chapter_id',
    titles: ['Add New Chapter', 'Edit Chapter'],
    buttons: ['Add Chapter', 'Update Chapter'],
    confirmNoun: 'chapter',
    requiredMessage: 'All fields are required.',
    errorNoun: 'Chapter',
    tableTitle: 'Chapters List',
    empty: 'No matching chapters found.',
    sources: ['getSubjects', 'getSubSubjects'],
    fields: [
      {
        name: 'subject_id',
        label: 'Subject',
        type: 'select',
        required: true,
        source: { list: 'getSubjects', value: 'subject_id', label: 'subject_name' },
      },
      {
        name: 'sub_subject_id',
        label: 'Sub-Subject',
        type: 'select',
        source: { list: 'getSubSubjects', value: 'sub_subject_id', label: 'sub_subject_name' },
        dependsOn: { from: 'subject_id', field: 'subject_id' },
      },
      { name: 'chapter_name', label: 'Chapter Name', type: 'text', required: true },
      { name: 'serial_no', label: 'Serial No', type: 'number', required: true },
      {
        name: 'image_url',
        label: 'Upload Card Image',
        type: 'file',
        upload: IMAGE,
        fromRecord: (r) => r.chapter_image_url,
      },
      {
        name: 'description',
        label: 'Description',
        type: 'textarea',
        required: true,
        fromRecord: (r) => r.chapter_description,
      },
    ],
    columns: [
      { header: 'Chapter', render: (r) => upper(r.chapter_name) },
      { header: 'Description', render: (r) => str(r.chapter_description) || 'N/A' },
      { header: 'Created By', render: (r) => str(r.chapter_created_by) || 'NA' },
      { header: 'Created Date', render: (r) => dayMonthYear(r.chapter_created_date) },
      { header: 'Image', render: (r) => ({ kind: 'image', value: r.chapter_image_url }) },
    ],
    filters: [
      { label: 'Subject', kind: 'select', value: (r) => str(r.subject_name) },
      { label: 'Chapter', kind: 'text', value: (r) => str(r.chapter_name) },
    ],
    dateField: (r) => r.chapter_created_date,
  },
  Topics: {
    entity: 'topic',
    list: 'getTopics',
    insert: 'insertTopics',
    update: 'updateTopics',
    remove: 'deleteTopics',
    idField: 'topic_id',
    titles: ['Add New Topic', 'Edit Topic'],
    buttons: ['Add Topic', 'Update Topic'],
    confirmNoun: 'topic',
    requiredMessage: 'Chapter, topic name and author are required.',
    errorNoun: 'Topic',
    tableTitle: 'Topics List',
    empty: 'No Topics Found.',
    sources: ['getChapters'],
    fields: [
      {
        name: 'chapter_id',
        label: 'Chapter',
        type: 'select',
        required: true,
        source: { list: 'getChapters', value: 'chapter_id', label: 'chapter_name' },
      },
      {
        name: 'topic_name',
        label: 'Topic Name',
        type: 'text',
        required: true,
        dependsOn: { from: 'chapter_id', field: '' },
      },
      { name: 'topic_description', label: 'Description', type: 'textarea' },
      { name: 'video_url', label: 'Upload Video', type: 'file', upload: VIDEO },
      { name: 'notes_url', label: 'Notes', type: 'file', upload: NOTES },
      { name: 'author', label: 'Author', type: 'text', required: true },
      {
        name: 'status',
        label: 'Status',
        type: 'options',
        options: STATUS_OPTIONS,
        defaultValue: 'Active',
      },
      {
        name: 'language',
        label: 'Language',
        type: 'options',
        options: LANGUAGE_OPTIONS,
        defaultValue: 'english',
      },
      { name: 'image_url', label: 'Upload Card Image', type: 'file', upload: IMAGE },
      {
        name: 'free_to_watch',
        label: 'Watch Free',
        type: 'options',
        options: [
          { value: '1', label: 'Yes' },
          { value: '2', label: 'No' },
        ],
        defaultValue: '1',
      },
      { name: 'serial_no', label: 'Serial No', type: 'number' },
    ],
    columns: [
      { header: 'Chapter', render: (r) => upper(r.chapter_name) },
      { header: 'Topic Name', render: (r) => upper(r.topic_name) },
      { header: 'Language', render: (r) => str(r.language) || 'N/A' },
      { header: 'Author', render: (r) => str(r.author) || 'N/A' },
      { header: 'Status', render: (r) => str(r.status) || 'N/A' },
      { header: 'Image', render: (r) => ({ kind: 'image', value: r.image_url }) },
      { header: 'Free Course', render: (r) => ({ kind: 'free', value: r.free_to_watch === '1' }) },
      { header: 'Play', render: (r) => ({ kind: 'play', value: r.video_url }) },
      { header: 'Notes', render: (r) => ({ kind: 'notes', value: r.notes_url }) },
    ],
    filters: [
      { label: 'Subject', kind: 'select', value: (r) => str(r.subject_name) },
      { label: 'Sub-Subject', kind: 'text', value: (r) => str(r.sub_subject_name) },
    ],
    dateField: (r) => r.created_date,
  },
  Testimonial: {
    entity: 'testimonial',
    list: 'gettestimonial',
    insert: 'inserttestimonial',
    update: 'updatetestimonial',
    remove: 'deletetestimonial',
    idField: 'id',
    titles: ['Add New Testimonial', 'Edit Testimonial'],
    buttons: ['Add Testimonial', 'Update'],
    confirmNoun: 'testimonial',
    requiredMessage: 'All fields are required.',
    errorNoun: 'testimonial',
    tableTitle: 'Testimonials List',
    empty: 'No data available.',
    sources: [],
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'designation', label: 'Designation', type: 'text' },
      { name: 'image_url', label: 'Image', type: 'file', upload: IMAGE, required: true },
      { name: 'description', label: 'Description', type: 'textarea', required: true },
    ],
    columns: [
      { header: 'Name', render: (r) => upper(r.name) },
      { header: 'Description', render: (r) => str(r.description) || 'N/A' },
      { header: 'Image', render: (r) => ({ kind: 'image', value: r.image_url }) },
      { header: 'Created At', render: (r) => dayMonthYear(r.created_at) },
    ],
    filters: [{ label: 'Name', kind: 'text', value: (r) => str(r.name) }],
    dateField: (r) => r.created_at,
  },
};
