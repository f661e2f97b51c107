import {
  CATALOGUE_TREE,
  idOf,
  inLanguage,
  parentEntity,
  textField,
  type AnyCatalogueRecord,
  type CatalogueEntity,
  type RecordOf,
} from '@gia/shared';
import { readingLanguage } from '../lib/reading-language.ts';
import * as keys from './item-keys.ts';
import { withoutKeys } from './keys.ts';

/**
 * The keys of the catalogue's items: each entity's key prefix and list partitions, read with the
 * tree itself (who hangs off whom, id fields) from `CATALOGUE_TREE` in shared.
 */
interface KindDef {
  /** pk `<prefix>#<id>`, sk `<prefix>`. */
  prefix: string;
  /**
   * The partition of the list of all records: on gsi1 for entities without a parent (boards,
   * testimonials), on gsi2 for the others, whose gsi1 lists them by parent.
   */
  all: string;
  /** The tail of the by-parent partition (`<parent prefix>#<parent id>#<tail>`) when not `all`. */
  underParent?: string;
}

const KINDS: Record<CatalogueEntity, KindDef> = {
  board: { prefix: 'BOARD', all: 'BOARDS' },
  class: { prefix: 'CLASS', all: 'CLASSES' },
  subject: { prefix: 'SUBJECT', all: 'SUBJECTS' },
  'sub-subject': { prefix: 'SUBSUBJECT', all: 'SUBSUBJECTS' },
  chapter: { prefix: 'CHAPTER', all: 'CHAPTERS' },
  topic: { prefix: 'TOPIC', all: 'TOPICS' },
  'about-subject': { prefix: 'ABOUT', all: 'ABOUTS', underParent: 'ABOUT' },
  testimonial: { prefix: 'TESTIMONIAL', all: 'TESTIMONIALS' },
};

/** A reference to one record. */
export interface Ref<E extends CatalogueEntity = CatalogueEntity> {
  entity: E;
  id: string;
}

export const keyOf = ({ entity, id }: Ref) => ({
  pk: `${KINDS[entity].prefix}#${id}`,
  sk: KINDS[entity].prefix,
});

/**
 * The record's direct parent, read from its ancestor ids: a chapter without a sub-subject hangs
 * off its subject.
 */
export function parentOf(entity: CatalogueEntity, r: AnyCatalogueRecord): Ref | undefined {
  const parent = parentEntity(entity);
  if (!parent) return undefined;
  const id = textField(r, CATALOGUE_TREE[parent].id);
  const grandparent = parentEntity(parent);
  if (!id && 'parentOptional' in CATALOGUE_TREE[entity] && grandparent) {
    return { entity: grandparent, id: textField(r, CATALOGUE_TREE[grandparent].id) };
  }
  return { entity: parent, id };
}

/** The gsi1 partition of the records of one entity under one parent (`BOARD#<id>#CLASSES`). */
export const underPartition = (entity: CatalogueEntity, parent: Ref) =>
  `${KINDS[parent.entity].prefix}#${parent.id}#${KINDS[entity].underParent ?? KINDS[entity].all}`;

const pad = (n: unknown) => String(Number(n ?? 0)).padStart(7, '0');

/** The partition holding a class's content (gsi3). */
export const classContentPartition = (classId: string) => `CLASS#${classId}#CONTENT`;

/** The parts of a class's content partition (gsi3) that one subject's reads query. */
export const classContentOfSubject = {
  aboutSubjects: (subjectId: string) => `S#${subjectId}#A#`,
  topics: (subjectId: string) => `S#${subjectId}#C#`,
};

/** Where a record sorts in its class's content partition (gsi3), for the kinds kept there. */
const CLASS_CONTENT: { [E in CatalogueEntity]?: (r: RecordOf<E>) => string } = {
  class: () => '#CLASS',
  subject: (r) => `S#${r.subject_id}`,
  'about-subject': (r) =>
    `${classContentOfSubject.aboutSubjects(r.subject_id)}${r.about_subject_id}`,
  topic: (r) =>
    `${classContentOfSubject.topics(r.subject_id)}${r.chapter_id}#${pad(r.serial_no)}#${r.topic_id}`,
};

function classContent<E extends CatalogueEntity>(
  entity: E,
  r: RecordOf<E>,
): Record<string, string> {
  const sortKey = CLASS_CONTENT[entity];
  return sortKey
    ? { gsi3pk: classContentPartition(textField(r, 'class_id')), gsi3sk: sortKey(r) }
    : {};
}

/** Topics list under their chapter in serial_no order; everything else in id (= creation) order. */
const UNDER_PARENT_ORDER: { [E in CatalogueEntity]?: (r: RecordOf<E>) => string } = {
  topic: (r) => `${pad(r.serial_no)}#${r.topic_id}`,
};

const underParentSortKey = <E extends CatalogueEntity>(entity: E, r: RecordOf<E>) =>
  UNDER_PARENT_ORDER[entity]?.(r);

/** The index attributes of a record. */
export function indexAttributes<E extends CatalogueEntity>(
  entity: E,
  r: RecordOf<E>,
): Record<string, string> {
  const id = idOf(entity, r);
  const parent = parentOf(entity, r);
  if (!parent) return { gsi1pk: KINDS[entity].all, gsi1sk: id };
  return {
    ...classContent(entity, r),
    gsi1pk: underPartition(entity, parent),
    gsi1sk: underParentSortKey(entity, r) ?? id,
    gsi2pk: KINDS[entity].all,
    gsi2sk: id,
  };
}

/** Board names are unique: a guard item is written and removed with each board. */
export const nameGuard = (entity: CatalogueEntity, r: AnyCatalogueRecord | undefined) =>
  entity === 'board' && r ? { key: keys.boardName(textField(r, 'board_name')) } : undefined;

/**
 * The record part of a stored item (the one cast from what the table holds to its type): in a
 * learner's read, in the language it asks for (lib/reading-language.ts).
 */
export const toRecord = <E extends CatalogueEntity>(item: Record<string, unknown>): RecordOf<E> => {
  const { type: _type, child_count: _count, ...rest } = withoutKeys(item);
  const language = readingLanguage();
  return (language ? inLanguage(rest, language) : rest) as RecordOf<E>;
};

export type Index = 'gsi1' | 'gsi2';

/** Where the list of every record of an entity is. */
export const allPartition = (entity: CatalogueEntity): { index: Index; partition: string } => ({
  index: parentEntity(entity) ? 'gsi2' : 'gsi1',
  partition: KINDS[entity].all,
});
