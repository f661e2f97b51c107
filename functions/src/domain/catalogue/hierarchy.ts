import {
  ancestorEntities,
  CATALOGUE_TREE,
  childEntities,
  idOf,
  skippingChildEntities,
  type AnyCatalogueRecord,
  type CatalogueEntity,
  type RecordOf,
} from '@gia/shared';
import type { Page } from '../../db/paging.ts';
import { listByParent, listUnder, setAncestors } from '../../db/catalogue.ts';

/** A record's fields by name, for code that walks the tree by its field names. */
export const fieldsOf = (r: AnyCatalogueRecord): Record<string, unknown> => r;

/** The id fields of an entity's ancestors, which its records carry and hand down. */
export const ancestorIdFields = (entity: CatalogueEntity): string[] =>
  ancestorEntities(entity).map((a) => CATALOGUE_TREE[a].id);

/** An ancestor whose current name a record is shown with. */
export interface ShownParent {
  entity: CatalogueEntity;
  idField: string;
  nameField: string;
}

/** Which ancestors' names each entity shows: all of them, nearest first. */
export const shownParents = (entity: CatalogueEntity): ShownParent[] =>
  ancestorEntities(entity).flatMap((a) => {
    const { id, name } = CATALOGUE_TREE[a];
    return name ? [{ entity: a, idField: id, nameField: name }] : [];
  });

type Child = [CatalogueEntity, AnyCatalogueRecord];

/** Every page of a list. */
async function everyPage<E extends CatalogueEntity>(
  read: (cursor?: string) => Promise<Page<RecordOf<E>>>,
): Promise<RecordOf<E>[]> {
  const out: RecordOf<E>[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** Every direct child of a record (chapters of a subject include those without a sub-subject). */
async function childrenOf(entity: CatalogueEntity, id: string): Promise<Child[]> {
  const out: Child[] = [];
  for (const kind of childEntities(entity)) {
    const items = await everyPage((cursor) => listByParent(kind, id, { limit: 1000, cursor }));
    out.push(...items.map((item): Child => [kind, item]));
  }
  for (const kind of skippingChildEntities(entity)) {
    const items = await everyPage((cursor) =>
      listUnder(kind, { entity, id }, { limit: 1000, cursor }),
    );
    out.push(...items.map((item): Child => [kind, item]));
  }
  return out;
}

/**
 * After a record moved to another parent, its descendants get its new ancestor ids, so that
 * lists keep finding every name in one BatchGet. Rare and admin-only, so done item by item.
 */
export async function cascadeAncestors(
  entity: CatalogueEntity,
  record: AnyCatalogueRecord,
): Promise<void> {
  const id = idOf(entity, record);
  const handed: Record<string, unknown> = { [CATALOGUE_TREE[entity].id]: id };
  for (const f of ancestorIdFields(entity)) {
    if (fieldsOf(record)[f] !== undefined) handed[f] = fieldsOf(record)[f];
  }
  for (const [kind, child] of await childrenOf(entity, id)) {
    await cascadeAncestors(kind, await setAncestors(kind, child, handed));
  }
}
