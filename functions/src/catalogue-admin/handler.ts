import {
  ADMIN_ENTITIES,
  CATALOGUE_INPUTS,
  CATALOGUE_MESSAGES,
  CatalogueListQuery,
  PageQuery,
  type CatalogueEntity,
} from '@gia/shared';
import {
  adminList,
  deleteEntity,
  insertEntity,
  updateEntity,
  type ListFilter,
} from '../catalogue/service.ts';
import {
  caller,
  created,
  createGroupHandler,
  ok,
  type ApiRequest,
  type RouteHandler,
  type RouteHandlers,
} from '../lib/http.ts';
import { parse } from '../lib/validation.ts';

/** Optional parent filters of each admin list (query parameter → the parent it names). */
const LIST_FILTERS: Partial<Record<CatalogueEntity, [string, CatalogueEntity][]>> = {
  class: [['board_id', 'board']],
  subject: [['class_id', 'class']],
  'sub-subject': [['subject_id', 'subject']],
  chapter: [['sub_subject_id', 'sub-subject']],
  topic: [['chapter_id', 'chapter']],
  'about-subject': [['sub_subject_id', 'sub-subject']],
};

function listFilter(entity: CatalogueEntity, req: ApiRequest): ListFilter {
  const query: Record<string, string | undefined> = parse(CatalogueListQuery, req.query);
  for (const [param, parentEntity] of LIST_FILTERS[entity] ?? []) {
    const parentId = query[param];
    if (parentId) return { parentEntity, parentId };
  }
  if (entity === 'about-subject') {
    return {
      where: { subject_id: query.subject_id ?? '', class_id: query.class_id ?? '' },
    };
  }
  return {};
}

const handlers: Record<string, RouteHandler> = {};
for (const e of ADMIN_ENTITIES) {
  const entity = e.entity as CatalogueEntity;
  const messages = CATALOGUE_MESSAGES[entity];
  const inputs = CATALOGUE_INPUTS[entity];
  handlers[`admin.catalogue.${e.list}`] = async (req) => {
    const page = await adminList(entity, parse(PageQuery, req.query), listFilter(entity, req));
    return ok(`${messages.label} list`, page.items, { next_cursor: page.nextCursor });
  };
  handlers[`admin.catalogue.${e.insert}`] = async (req) =>
    created(
      messages.added,
      await insertEntity(entity, parse(inputs.insert, req.body), caller(req).userId),
    );
  handlers[`admin.catalogue.${e.update}`] = async (req) =>
    ok(
      messages.updated,
      await updateEntity(entity, parse(inputs.update, req.body), caller(req).userId),
    );
  handlers[`admin.catalogue.${e.remove}`] = async (req) => {
    await deleteEntity(entity, req.params.id ?? '');
    return ok(messages.deleted);
  };
}

/** The admin back office's catalogue: lists, inserts, updates and deletes (CONTRACT section 4). */
// Built in a loop over the entities, so the one map the type checker cannot follow route by route.
export const handler = createGroupHandler(
  'catalogue-admin',
  handlers as RouteHandlers<'catalogue-admin'>,
);
