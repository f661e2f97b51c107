import { CATALOGUE_TREE, type CatalogueEntity, type ParentIdField } from './catalogue-tree.ts';
import { flattenMessages, registerMessages } from './message-codes.ts';

// The catalogue's success and refusal texts, apart from catalogue.ts (its input schemas) so a
// function that only reports on a catalogue record (e.g. media-jobs) does not bundle them.

interface EntityMessages {
  added: string;
  updated: string;
  deleted: string;
  label: string;
  hasChildren?: string;
  notFound: string;
}

/** Success and refusal texts of one entity, built on its label (docs/api.md §4). */
const messagesOf = (
  entity: CatalogueEntity,
  texts: { deleted?: 'has been'; hasChildren?: string } = {},
): EntityMessages => {
  const label = CATALOGUE_TREE[entity].label;
  return {
    label,
    added: `${label} added successfully.`,
    updated: `${label} updated successfully.`,
    deleted: `${label} ${texts.deleted ? 'has been successfully' : 'successfully'} deleted.`,
    ...(texts.hasChildren ? { hasChildren: texts.hasChildren } : {}),
    notFound: `${label} not found.`,
  };
};

/** Success and refusal texts of the catalogue (docs/api.md §4). */
export const CATALOGUE_MESSAGES: Record<CatalogueEntity, EntityMessages> = {
  board: messagesOf('board', {
    hasChildren: 'Please delete all the classes associated with this board first.',
  }),
  class: messagesOf('class', {
    hasChildren: 'Please delete all subjects associated with this class first.',
  }),
  subject: messagesOf('subject', {
    hasChildren: 'Please delete all sub-subjects associated with this subject first.',
  }),
  'sub-subject': messagesOf('sub-subject', {
    hasChildren: 'Please delete subject details associated with this sub subject first.',
  }),
  chapter: messagesOf('chapter', {
    hasChildren: 'Please delete subject details associated with this chapter first.',
  }),
  topic: messagesOf('topic'),
  'about-subject': messagesOf('about-subject', { deleted: 'has been' }),
  testimonial: messagesOf('testimonial', { deleted: 'has been' }),
};

/** The highest price of a class, subject or sub-subject, in rupees. */
export const MAX_PRICE = 1_000_000;

/** Refusals of the catalogue's inputs and writes (docs/api.md §4); only the back office sees them. */
export const CATALOGUE_INPUT_MESSAGES = {
  boardNameRequired: 'Board Name is required.',
  allRequired: 'All fields are required.',
  topicRequired: 'Chapter, topic name and author are required.',
  subSubjectRequired: 'Sub Subject is required.',
  parentInvalid: 'The selected parent does not exist.',
  parentMissing: 'The parent does not exist.',
  subSubjectElsewhere: 'The selected sub-subject does not belong to the selected subject.',
  mustBeText: 'Must be text.',
  tooLong: 'Too long.',
  priceNumber: 'Price must be a number.',
  priceRange: `Price must be between 0 and ${MAX_PRICE}.`,
  priceSteps: 'Price must be 0 (free) or at least ₹1, with at most 2 decimals.',
  freeCourse: 'free_course must be true or false.',
  mediumUnknown: 'Unknown medium of instruction.',
  languageUnknown: 'Unknown language.',
  translationsInvalid:
    'translations gives kn and hi, each with the translated fields of this record only.',
  serialNumber: 'Serial No must be a number.',
  serialWhole: 'Serial No must be a whole number.',
  serialNegative: 'Serial No must not be negative.',
  statusInvalid: 'Status must be Active or Inactive.',
  durationInvalid: 'Duration must be a whole number of seconds from 0 to 86400.',
  freeToWatchInvalid: 'free_to_watch must be "1" or "2".',
  boardNameTaken: 'This board name already exists.',
  hasChildren: 'This record still has children.',
  changedMeanwhile: 'This record was changed at the same time. Please try again.',
} as const;

export const BOARD_NAME_TAKEN = CATALOGUE_INPUT_MESSAGES.boardNameTaken;
export const PARENT_MISSING: Record<ParentIdField, string> = {
  board_id: 'The selected board does not exist.',
  class_id: 'The selected class does not exist.',
  subject_id: 'The selected subject does not exist.',
  sub_subject_id: 'The selected sub-subject does not exist.',
  chapter_id: 'The selected chapter does not exist.',
};

/** The refusal when the parent named by `field` is gone. */
export const parentMissingMessage = (field: string): string =>
  (PARENT_MISSING as Partial<Record<string, string>>)[field] ??
  CATALOGUE_INPUT_MESSAGES.parentMissing;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('catalogue', CATALOGUE_INPUT_MESSAGES, true);
registerMessages('catalogue', flattenMessages(CATALOGUE_MESSAGES), true);
registerMessages('catalogue.parent_missing', PARENT_MISSING, true);
