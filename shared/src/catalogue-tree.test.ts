import { describe, expect, it } from 'vitest';
import {
  adminRouteNames,
  ancestorEntities,
  CATALOGUE_ENTITIES,
  childEntities,
  skippingChildEntities,
} from './catalogue-tree.ts';
import { CATALOGUE_RECORDS } from './catalogue-records.ts';
import { CATALOGUE_INPUTS } from './catalogue.ts';

describe('the catalogue tree', () => {
  it('walks a chapter’s ancestors nearest first, up to its board', () => {
    expect(ancestorEntities('chapter')).toEqual(['sub-subject', 'subject', 'class', 'board']);
    expect(ancestorEntities('board')).toEqual([]);
  });

  it('finds a sub-subject’s children, and the chapters a subject may hold directly', () => {
    expect(childEntities('sub-subject')).toEqual(['chapter', 'about-subject']);
    expect(skippingChildEntities('subject')).toEqual(['chapter']);
    expect(skippingChildEntities('sub-subject')).toEqual([]);
  });

  it('names the admin routes of an entity as the contract does', () => {
    expect(adminRouteNames('sub-subject')).toEqual({
      list: 'getSubSubjects',
      insert: 'insertSubSubjects',
      update: 'updateSubSubjects',
      remove: 'deleteSubSubjects',
    });
    expect(adminRouteNames('testimonial').remove).toBe('deletetestimonial');
  });

  it('gives every entity an input and a record schema that holds its id field', () => {
    for (const entity of CATALOGUE_ENTITIES) {
      const { idField, update } = CATALOGUE_INPUTS[entity];
      expect(Object.keys(update.shape)).toContain(idField);
      expect(Object.keys(CATALOGUE_RECORDS[entity].shape)).toContain(idField);
    }
  });
});
