import {
  ancestorEntities,
  CATALOGUE_TREE,
  type CatalogueEntity,
} from '@gia/shared/catalogue-tree.ts';
import type { Rec } from './api/catalogue.ts';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * A record of `entity` named with its context, nearest ancestor first: "Mathematics — Class 10 ·
 * CBSE". Records carry their ancestors' current names, so this works on the record itself and on
 * any record below it (a chapter names its subject the same way). A board has no context.
 */
export function contextLabel(entity: CatalogueEntity, r: Rec): string {
  const own = CATALOGUE_TREE[entity].name;
  const name = own ? text(r[own]) : '';
  const context = ancestorEntities(entity)
    .map((a) => CATALOGUE_TREE[a].name)
    .map((field) => (field ? text(r[field]) : ''))
    .filter(Boolean);
  return context.length ? `${name} — ${context.join(' · ')}` : name;
}
