import type { AnyCatalogueRecord } from './catalogue-records.ts';
import { CATALOGUE_TREE, type CatalogueEntity } from './catalogue-tree.ts';

/*
 * Reading a record's fields by the tree's field names. No zod here: the route groups that only
 * read records (learning, cart, ...) would otherwise bundle every record schema with these.
 */

/** A record's text field by name (`''` when not text), for code that walks the tree by field names. */
export const textField = (record: AnyCatalogueRecord, field: string): string => {
  const fields: Record<string, unknown> = record;
  const value = fields[field];
  return typeof value === 'string' ? value : '';
};

/** The id of a record. */
export const idOf = (entity: CatalogueEntity, record: AnyCatalogueRecord): string =>
  textField(record, CATALOGUE_TREE[entity].id);
