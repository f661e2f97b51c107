/**
 * The catalogue tree, declared once: board › class › subject › sub-subject › chapter › topic,
 * about-subject records under a sub-subject, and the free-standing testimonials.
 *
 * Everything that restates the tree is derived from this table: the admin route names (and so
 * the route table), the key prefixes and parent partitions of `functions/src/db`, the parents,
 * ancestors, children and shown parent names of the catalogue service, the admin lists' filters,
 * the back office's screens and the web's selection levels. The schemas of each entity (input and
 * record) are in `catalogue.ts`, keyed by the same names; this file holds no zod, so the route
 * table and the web's main chunk can read it without pulling the schemas in.
 */

interface EntityDef {
  /** The record's id field. */
  readonly id: string;
  /** The field holding the record's name, shown by its descendants (about-subjects have none). */
  readonly name: string | null;
  /** The entity a record hangs off, or `null` at the top. */
  readonly parent: string | null;
  /**
   * The parent may be left out: the record then hangs off the parent's own parent (a chapter
   * without a sub-subject hangs off its subject).
   */
  readonly parentOptional?: boolean;
  /** The contract's word for it in messages ("Sub Subject added successfully."). */
  readonly label: string;
  /** The tail of its admin route names: `get<routes>`, `insert<routes>`, `update<routes>`, … */
  readonly routes: string;
}

export const CATALOGUE_TREE = {
  board: { id: 'board_id', name: 'board_name', parent: null, label: 'Board', routes: 'Boards' },
  class: {
    id: 'class_id',
    name: 'class_name',
    parent: 'board',
    label: 'Class',
    routes: 'Classes',
  },
  subject: {
    id: 'subject_id',
    name: 'subject_name',
    parent: 'class',
    label: 'Subject',
    routes: 'Subjects',
  },
  'sub-subject': {
    id: 'sub_subject_id',
    name: 'sub_subject_name',
    parent: 'subject',
    label: 'Sub Subject',
    routes: 'SubSubjects',
  },
  chapter: {
    id: 'chapter_id',
    name: 'chapter_name',
    parent: 'sub-subject',
    parentOptional: true,
    label: 'Chapter',
    routes: 'Chapters',
  },
  topic: {
    id: 'topic_id',
    name: 'topic_name',
    parent: 'chapter',
    label: 'Topic',
    routes: 'Topics',
  },
  'about-subject': {
    id: 'about_subject_id',
    name: null,
    parent: 'sub-subject',
    label: 'About subject',
    routes: 'AboutSubjects',
  },
  testimonial: {
    id: 'id',
    name: 'name',
    parent: null,
    label: 'Testimonial',
    routes: 'testimonial',
  },
} as const satisfies Record<string, EntityDef>;

type Tree = typeof CATALOGUE_TREE;

/** A kind of catalogue record. */
export type CatalogueEntity = keyof Tree;

/** Every kind, top-down (the table's order). */
export const CATALOGUE_ENTITIES = Object.keys(CATALOGUE_TREE) as CatalogueEntity[];

/** The id field of an entity, e.g. `'sub_subject_id'`. */
export type IdField<E extends CatalogueEntity> = Tree[E]['id'];

/** The entities that records hang off. */
export type ParentEntity = Exclude<Tree[CatalogueEntity]['parent'], null>;

/** The id fields naming a parent (`board_id` … `chapter_id`): list filters, "parent is gone". */
export type ParentIdField = IdField<ParentEntity>;

/** The parent of an entity (`undefined` at the top). */
export const parentEntity = (entity: CatalogueEntity): CatalogueEntity | undefined =>
  CATALOGUE_TREE[entity].parent ?? undefined;

/** The ancestors of an entity, nearest first (a chapter: sub-subject, subject, class, board). */
export function ancestorEntities(entity: CatalogueEntity): CatalogueEntity[] {
  const parent = parentEntity(entity);
  return parent ? [parent, ...ancestorEntities(parent)] : [];
}

/** The entities whose records hang off a record of this one. */
export const childEntities = (entity: CatalogueEntity): CatalogueEntity[] =>
  CATALOGUE_ENTITIES.filter((e) => parentEntity(e) === entity);

/** Every {@link ParentIdField}, top-down. */
export const PARENT_ID_FIELDS = CATALOGUE_ENTITIES.filter((e) => childEntities(e).length > 0).map(
  (e) => CATALOGUE_TREE[e].id,
) as ParentIdField[];

/**
 * The entities whose records may hang off this one directly, skipping their optional parent (a
 * subject's chapters without a sub-subject).
 */
export const skippingChildEntities = (entity: CatalogueEntity): CatalogueEntity[] =>
  CATALOGUE_ENTITIES.filter((e) => {
    const def: EntityDef = CATALOGUE_TREE[e];
    const parent = parentEntity(e);
    return def.parentOptional === true && parent !== undefined && parentEntity(parent) === entity;
  });

type Routes<E extends CatalogueEntity> = Tree[E]['routes'];

/** The names of an entity's four admin routes (`getBoards`, `insertBoards`, …). */
export interface AdminRouteNames<E extends CatalogueEntity = CatalogueEntity> {
  list: `get${Routes<E>}`;
  insert: `insert${Routes<E>}`;
  update: `update${Routes<E>}`;
  remove: `delete${Routes<E>}`;
}

export const adminRouteNames = <E extends CatalogueEntity>(entity: E): AdminRouteNames<E> => {
  const tail: Routes<E> = CATALOGUE_TREE[entity].routes;
  return {
    list: `get${tail}`,
    insert: `insert${tail}`,
    update: `update${tail}`,
    remove: `delete${tail}`,
  };
};

/** Catalogue entities managed by the admin back office, with the names their routes use. */
export const ADMIN_ENTITIES = CATALOGUE_ENTITIES.map((entity) => ({
  entity,
  ...adminRouteNames(entity),
}));
