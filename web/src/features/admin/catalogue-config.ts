import type { CatalogueEntity } from '@gia/shared';
import {
  fileField,
  freeCourseField,
  imageField,
  languageField,
  mediumField,
  NOTES,
  optionsField,
  priceField,
  selectField,
  statusField,
  tableOf,
  textareaField,
  textField,
  VIDEO,
  type ColumnDef,
  type FieldDef,
  type FilterDef,
  type Rec,
} from './catalogue-fields.ts';

export type { Cell, ColumnDef, FieldDef, FilterDef, Rec } from './catalogue-fields.ts';

/** One management screen of the back office. */
export interface ScreenConfig {
  entity: CatalogueEntity;
  titles: [add: string, edit: string];
  buttons: [add: string, edit: string];
  /** The noun of the save confirmation ("…submit the Board?"). */
  confirmNoun: string;
  requiredMessage: string;
  errorNoun: string;
  tableTitle: string;
  empty: string;
  /** The lists the form's dropdowns choose from. */
  sources: CatalogueEntity[];
  fields: FieldDef[];
  columns: ColumnDef[];
  filters: FilterDef[];
  /** The record's creation date, for the date filters. */
  dateField: (r: Rec) => unknown;
}

const board = tableOf<'board'>();
const cls = tableOf<'class'>();
const subject = tableOf<'subject'>();
const subSubject = tableOf<'sub-subject'>();
const about = tableOf<'about-subject'>();
const chapter = tableOf<'chapter'>();
const topic = tableOf<'topic'>();
const testimonial = tableOf<'testimonial'>();

/** The screens, by their path (the specification's names). */
export const SCREENS: Record<string, ScreenConfig> = {
  Board: {
    entity: 'board',
    titles: ['Add New Board', 'Edit Board'],
    buttons: ['Add Board', 'Update'],
    confirmNoun: 'Board',
    requiredMessage: 'Board Name is required.',
    errorNoun: 'Board',
    tableTitle: 'Boards List',
    empty: 'No data available.',
    sources: [],
    fields: [
      textField('board_name', 'Board Name', true),
      imageField('Upload file'),
      freeCourseField(),
    ],
    columns: [
      board.title('Board Name', 'board_name'),
      board.date('Created At', 'created_at'),
      board.media('Image', 'image', 'image_url'),
      board.free(),
    ],
    filters: [{ ...board.choice('Board Name', 'board'), param: 'board' }],
    dateField: board.dateField('created_at'),
  },
  Class: {
    entity: 'class',
    titles: ['Add New Class', 'Edit Class'],
    buttons: ['Add Class', 'Update Class'],
    confirmNoun: 'Class',
    requiredMessage: 'All fields are required.',
    errorNoun: 'Class',
    tableTitle: 'Classes List',
    empty: 'No Classes Found.',
    sources: ['board'],
    fields: [
      textField('class_name', 'Class Name', true),
      selectField('board', { required: true }),
      priceField('class_price'),
      imageField('Upload Card Image', 'class_image_url'),
      textareaField('description', 'Description'),
      mediumField(),
      freeCourseField(),
    ],
    columns: [
      cls.upper('Board', 'board_name'),
      cls.title('Class Name', 'class_name'),
      cls.price('class_price'),
      ...cls.created('class_created_by', 'class_created_at'),
      cls.media('Image', 'image', 'class_image_url'),
      cls.free(),
    ],
    filters: [
      // The back office's search (admin-search-page.tsx) links here with a class's board and name.
      { ...cls.choice('Board Name', 'board'), param: 'board' },
      { ...cls.filter('Class Name', 'text', 'class_name'), param: 'name' },
    ],
    dateField: cls.dateField('class_created_at'),
  },
  Subject: {
    entity: 'subject',
    titles: ['Add New Subject', 'Edit Subject'],
    buttons: ['Add Subject', 'Update Subject'],
    confirmNoun: 'Subject',
    requiredMessage: 'All fields are required.',
    errorNoun: 'Subject',
    tableTitle: 'Subjects List',
    empty: 'No Subjects Found.',
    sources: ['board', 'class'],
    fields: [
      selectField('board', { required: true, virtual: true }),
      selectField('class', { required: true, cascade: true }),
      textField('subject_name', 'Subject Name', true),
      priceField('subject_price'),
      imageField('Upload file', 'subject_image_url'),
      mediumField(),
      freeCourseField(),
    ],
    columns: [
      subject.title('Subject Name', 'subject_name'),
      subject.upper('Class', 'class_name'),
      subject.price('subject_price'),
      ...subject.created('subject_created_by', 'subject_created_date', 'Created Date'),
      subject.media('Image', 'image', 'subject_image_url'),
      subject.free(),
    ],
    filters: [
      subject.filter('Class Name', 'text', 'class_name'),
      { ...subject.filter('Subject Name', 'text', 'subject_name'), param: 'name' },
    ],
    dateField: subject.dateField('subject_created_date'),
  },
  SubSubject: {
    entity: 'sub-subject',
    titles: ['Add New Sub-Subject', 'Edit Sub-Subject'],
    buttons: ['Add Sub-Subject', 'Update Sub-Subject'],
    confirmNoun: 'Sub-Subject',
    requiredMessage: 'All fields are required.',
    errorNoun: 'Sub-Subject',
    tableTitle: 'Sub-Subjects List',
    empty: 'No Subjects Found.',
    sources: ['board', 'class', 'subject'],
    fields: [
      selectField('board', { virtual: true }),
      selectField('class', { virtual: true, cascade: true }),
      selectField('subject', { required: true, cascade: true }),
      textField('sub_subject_name', 'Sub-Subject Name', true),
      priceField('sub_subject_price'),
      imageField('Upload Card Image', 'sub_subject_image_url'),
      freeCourseField(),
    ],
    columns: [
      subSubject.upper('Subject', 'subject_name'),
      subSubject.title('Sub-Subject Name', 'sub_subject_name'),
      subSubject.price('sub_subject_price'),
      ...subSubject.created('sub_subject_created_by', 'sub_subject_created_date'),
      subSubject.media('Image', 'image', 'sub_subject_image_url'),
      subSubject.free(),
    ],
    filters: [
      subSubject.filter('Subject Name', 'text', 'subject_name'),
      subSubject.filter('Sub-Subject Name', 'text', 'sub_subject_name'),
    ],
    dateField: subSubject.dateField('sub_subject_created_date'),
  },
  // The about-subject screen: "Subject Details" is the specification's name for its path.
  SubjectDetails: {
    entity: 'about-subject',
    titles: ['Upload Subject Details', 'Edit Subject Details'],
    buttons: ['Submit', 'Update'],
    confirmNoun: 'Subject details',
    requiredMessage: 'Please choose the Sub Subject.',
    errorNoun: 'details',
    tableTitle: 'Sub-Subjects List',
    empty: 'No Subjects Found.',
    sources: ['board', 'class', 'subject', 'sub-subject'],
    fields: [
      selectField('board', { virtual: true }),
      selectField('class', { virtual: true, cascade: true }),
      selectField('subject', { virtual: true, cascade: true }),
      selectField('sub-subject', { required: true, cascade: true }),
      fileField('video_url', 'Video', VIDEO),
      fileField('notes_url', 'Notes', NOTES),
      textareaField('comments', 'Comments'),
      textField('author', 'Author'),
      statusField(),
      languageField(),
    ],
    columns: [
      about.upper('Sub-Subject', 'sub_subject_name'),
      about.text('Author', 'author'),
      about.text('Comments', 'comments'),
      about.text('Language', 'language'),
      about.text('Status', 'status'),
      ...about.created(undefined, 'created_date', 'Created Date'),
      about.media('Play', 'play', 'video_url'),
      {
        header: 'Video',
        render: (r) => ({ kind: 'video', value: { entity: 'about-subject', record: r } }),
      },
      about.media('Notes', 'notes', 'notes_url'),
    ],
    filters: [about.filter('Author', 'text', 'author')],
    dateField: about.dateField('created_date'),
  },
  Chapters: {
    entity: 'chapter',
    titles: ['Add New Chapter', 'Edit Chapter'],
    buttons: ['Add Chapter', 'Update Chapter'],
    confirmNoun: 'chapter',
    requiredMessage: 'All fields are required.',
    errorNoun: 'Chapter',
    tableTitle: 'Chapters List',
    empty: 'No matching chapters found.',
    sources: ['subject', 'sub-subject'],
    fields: [
      selectField('subject', { required: true }),
      selectField('sub-subject', { label: 'Sub-Subject', cascade: true }),
      textField('chapter_name', 'Chapter Name', true),
      { name: 'serial_no', label: 'Serial No', type: 'number', required: true },
      imageField('Upload Card Image', 'chapter_image_url'),
      textareaField('description', 'Description', {
        required: true,
        storedAs: 'chapter_description',
      }),
    ],
    columns: [
      chapter.title('Chapter', 'chapter_name'),
      chapter.text('Description', 'chapter_description'),
      ...chapter.created('chapter_created_by', 'chapter_created_date', 'Created Date', 'NA'),
      chapter.media('Image', 'image', 'chapter_image_url'),
    ],
    filters: [
      { ...chapter.choice('Subject', 'subject'), param: 'subject' },
      chapter.filter('Chapter', 'text', 'chapter_name'),
    ],
    dateField: chapter.dateField('chapter_created_date'),
  },
  Topics: {
    entity: 'topic',
    titles: ['Add New Topic', 'Edit Topic'],
    buttons: ['Add Topic', 'Update Topic'],
    confirmNoun: 'topic',
    requiredMessage: 'Chapter, topic name and author are required.',
    errorNoun: 'Topic',
    tableTitle: 'Topics List',
    empty: 'No Topics Found.',
    sources: ['chapter'],
    fields: [
      selectField('chapter', { required: true }),
      {
        ...textField('topic_name', 'Topic Name', true),
        dependsOn: { from: 'chapter_id', field: '' },
      },
      textareaField('topic_description', 'Description'),
      fileField('video_url', 'Upload Video', VIDEO),
      fileField('notes_url', 'Notes', NOTES),
      textField('author', 'Author', true),
      statusField(),
      languageField(),
      imageField('Upload Card Image'),
      optionsField(
        'free_to_watch',
        'Watch Free',
        [
          { value: '1', label: 'Yes' },
          { value: '2', label: 'No' },
        ],
        // No unless the admin says so: a paid lesson is never published free by oversight.
        '2',
      ),
      { name: 'serial_no', label: 'Serial No', type: 'number' },
      { name: 'duration_seconds', label: 'Duration (seconds)', type: 'number' },
    ],
    columns: [
      topic.upper('Chapter', 'chapter_name'),
      topic.title('Topic Name', 'topic_name'),
      topic.text('Language', 'language'),
      topic.text('Author', 'author'),
      topic.text('Status', 'status'),
      topic.media('Image', 'image', 'image_url'),
      { header: 'Free Course', render: (r) => ({ kind: 'free', value: r.free_to_watch === '1' }) },
      topic.media('Play', 'play', 'video_url'),
      {
        header: 'Video',
        render: (r) => ({ kind: 'video', value: { entity: 'topic', record: r } }),
      },
      { header: 'Captions', render: (r) => ({ kind: 'captions', value: r }) },
      topic.media('Notes', 'notes', 'notes_url'),
    ],
    filters: [
      topic.choice('Subject', 'subject'),
      // The question desk links here with its question's chapter.
      { ...topic.choice('Chapter', 'chapter'), param: 'chapter' },
      topic.filter('Sub-Subject', 'text', 'sub_subject_name'),
    ],
    dateField: topic.dateField('created_date'),
  },
  Testimonial: {
    entity: 'testimonial',
    titles: ['Add New Testimonial', 'Edit Testimonial'],
    buttons: ['Add Testimonial', 'Update'],
    confirmNoun: 'testimonial',
    requiredMessage: 'All fields are required.',
    errorNoun: 'testimonial',
    tableTitle: 'Testimonials List',
    empty: 'No data available.',
    sources: [],
    fields: [
      textField('name', 'Name', true),
      textField('designation', 'Designation'),
      imageField('Image', 'image_url', true),
      textareaField('description', 'Description', { required: true }),
    ],
    columns: [
      testimonial.title('Name', 'name'),
      testimonial.text('Designation', 'designation'),
      testimonial.text('Description', 'description'),
      testimonial.media('Image', 'image', 'image_url'),
      testimonial.date('Created At', 'created_at'),
    ],
    filters: [testimonial.filter('Name', 'text', 'name')],
    dateField: testimonial.dateField('created_at'),
  },
};
