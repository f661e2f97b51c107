import {
  ADMIN_ENTITIES,
  CATALOGUE_INPUTS,
  CATALOGUE_MESSAGES,
  CATALOGUE_TREE,
  CatalogueListQuery,
  PageQuery,
  parentEntity,
  type CatalogueEntity,
} from '@gia/shared';
import { adminList, deleteEntity, insertEntity, updateEntity, type ListFilter } from './service.ts';
import {
  caller,
  created,
  createGroupHandler,
  ok,
  sessionCheckInReads,
  type ApiRequest,
  type ApiResult,
  type RouteHandlers,
} from '../lib/http.ts';
import { parse } from '../lib/validation.ts';

/** Admin lists filtered by more than their parent: about-subjects by subject or class too. */
const ANCESTOR_FILTERS: Partial<Record<CatalogueEntity, (keyof CatalogueListQuery)[]>> = {
  'about-subject': ['subject_id', 'class_id'],
};

/** An admin list's filter: the parent's id field names the parent (`getClasses?board_id=`). */
function listFilter(entity: CatalogueEntity, req: ApiRequest): ListFilter {
  const query: Record<string, string | undefined> = parse(CatalogueListQuery, req.query);
  const parent = parentEntity(entity);
  const parentId = parent && query[CATALOGUE_TREE[parent].id];
  if (parentId) return { parentId };
  const fields = ANCESTOR_FILTERS[entity] ?? [];
  return fields.length ? { where: Object.fromEntries(fields.map((f) => [f, query[f]])) } : {};
}

// Answers are checked by the local gateway in the tests (shared/src/route-answers.ts), not here.
const handlers: Record<string, (req: ApiRequest) => Promise<ApiResult>> = {};
for (const { entity, ...route } of ADMIN_ENTITIES) {
  const messages = CATALOGUE_MESSAGES[entity];
  const inputs = CATALOGUE_INPUTS[entity];
  // Read-only: the session check rides in its BatchGet of names (issue 30).
  handlers[`admin.catalogue.${route.list}`] = sessionCheckInReads(async (req) => {
    const page = await adminList(entity, parse(PageQuery, req.query), listFilter(entity, req));
    return ok(`${messages.label} list`, page.items, { next_cursor: page.nextCursor });
  });
  handlers[`admin.catalogue.${route.insert}`] = async (req) =>
    created(
      messages.added,
      await insertEntity(entity, parse(inputs.insert, req.body), caller(req).userId),
    );
  handlers[`admin.catalogue.${route.update}`] = async (req) => {
    const input = parse(inputs.update, req.body);
    const fields: Record<string, unknown> = input;
    const id = String(fields[inputs.idField]);
    return ok(messages.updated, await updateEntity(entity, id, input, caller(req).userId));
  };
  handlers[`admin.catalogue.${route.remove}`] = async (req) => {
    await deleteEntity(entity, req.params.id ?? '');
    return ok(messages.deleted);
  };
}

/** The admin back office's catalogue: lists, inserts, updates and deletes (docs/api.md §4). */
// Built in a loop over the entities, so the one map the type checker cannot follow route by route.
export const handler = createGroupHandler(
  'catalogue-admin',
  handlers as RouteHandlers<'catalogue-admin'>,
);
