import { CATALOGUE_TREE, type CatalogueEntity, type ParentIdField } from './catalogue-tree.ts';

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

export const BOARD_NAME_TAKEN = 'This board name already exists.';
export const PARENT_MISSING: Record<ParentIdField, string> = {
  board_id: 'The selected board does not exist.',
  class_id: 'The selected class does not exist.',
  subject_id: 'The selected subject does not exist.',
  sub_subject_id: 'The selected sub-subject does not exist.',
  chapter_id: 'The selected chapter does not exist.',
};

/** The refusal when the parent named by `field` is gone. */
export const parentMissingMessage = (field: string): string =>
  (PARENT_MISSING as Partial<Record<string, string>>)[field] ?? 'The parent does not exist.';
