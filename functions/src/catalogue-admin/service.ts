import {
  BOARD_NAME_TAKEN,
  CATALOGUE_INPUT_MESSAGES,
  CATALOGUE_MESSAGES,
  CATALOGUE_TREE,
  idOf,
  parentMissingMessage,
  type CatalogueEntity,
  type InputOf,
  type RecordOf,
} from '@gia/shared';
import { getAdmin } from '../db/accounts.ts';
import type { Page } from '../db/paging.ts';
import {
  CatalogueWriteRefused,
  deleteRecord,
  getRecord,
  insertRecord,
  listAll,
  listAllWhere,
  listByParent,
  parentOf,
  updateRecord,
  type Ref,
} from '../db/catalogue.ts';
import { removeTopicData } from '../db/learning.ts';
import { linkRecordToVideo } from '../db/videos.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { MEDIA_URL_INVALID, normaliseMediaUrl } from '../lib/media.ts';
import { mapCursorErrors } from '../lib/cursor-errors.ts';
import { ancestorIdFields, cascadeAncestors, fieldsOf } from '../domain/catalogue/index.ts';
import { withNamesAndMedia } from '../domain/catalogue/index.ts';
import { buildRecord } from './records.ts';

/** The answer when a record kept moving under an update. */
const CHANGED_MEANWHILE = CATALOGUE_INPUT_MESSAGES.changedMeanwhile;

function refused(entity: CatalogueEntity, err: unknown, parentField?: string): never {
  if (!(err instanceof CatalogueWriteRefused)) throw err;
  const m = CATALOGUE_MESSAGES[entity];
  switch (err.reason) {
    case 'missing':
      throw new NotFoundError(m.notFound);
    case 'has-children':
      throw new ConflictError(m.hasChildren ?? CATALOGUE_INPUT_MESSAGES.hasChildren);
    case 'name-taken':
      throw new ConflictError(BOARD_NAME_TAKEN);
    case 'changed':
      throw new ConflictError(CHANGED_MEANWHILE);
    case 'parent-count':
      throw new ConflictError(CHANGED_MEANWHILE);
    case 'parent-missing': {
      const message = parentMissingMessage(parentField ?? '');
      throw new ValidationError(message, [{ field: parentField ?? '(body)', message }]);
    }
  }
}

/** Fields of the admin forms that hold a media url. */
const MEDIA_INPUTS = ['image_url', 'video_url', 'notes_url'];

/**
 * The input with its media urls in the form they are stored: one of our `/media/<key>` urls
 * (signature dropped) or an `https:` link. Anything else is refused with 400 before anything is
 * written, so a url that cannot be read back never reaches a list.
 */
function withCheckedMedia<T extends Record<string, unknown>>(input: T): T {
  const out: Record<string, unknown> = { ...input };
  for (const field of MEDIA_INPUTS) {
    const value = out[field];
    if (typeof value !== 'string') continue;
    const url = normaliseMediaUrl(value);
    if (url === undefined) {
      throw new ValidationError(MEDIA_URL_INVALID, [{ field, message: MEDIA_URL_INVALID }]);
    }
    out[field] = url;
  }
  return out as T;
}

const parentField = (ref: Ref | undefined) => (ref ? CATALOGUE_TREE[ref.entity].id : undefined);

async function creatorName(adminId: string): Promise<string> {
  return (await getAdmin(adminId))?.name ?? 'Admin';
}

/**
 * A topic or about-subject saved with an uploaded video joins that video's transcode: it is
 * listed on the video's item and takes its current state (the job-state handler updates it
 * later). Copied into `record` for the answer.
 */
async function withVideoState<E extends CatalogueEntity>(entity: E, record: RecordOf<E>) {
  if (entity !== 'topic' && entity !== 'about-subject') return;
  const fields = record as Record<string, unknown>;
  const state = await linkRecordToVideo(
    { entity, id: idOf(entity, record) },
    fields.video_url as string | null,
  );
  if (state) Object.assign(fields, state);
}

/** Inserts a catalogue record for an admin. */
export async function insertEntity<E extends CatalogueEntity>(
  entity: E,
  rawInput: InputOf<E>,
  adminId: string,
): Promise<RecordOf<E> | undefined> {
  const input = withCheckedMedia(rawInput);
  const record = await buildRecord(entity, input, undefined, await creatorName(adminId));
  await insertRecord(entity, record).catch((err: unknown) =>
    refused(entity, err, parentField(parentOf(entity, record))),
  );
  await withVideoState(entity, record);
  return (await withNamesAndMedia(entity, [record], { signMedia: true }))[0];
}

/** How often an update is tried again when the record moved under it. */
const UPDATE_ATTEMPTS = 3;

/** Updates the catalogue record `id` for an admin. */
export async function updateEntity<E extends CatalogueEntity>(
  entity: E,
  id: string,
  rawInput: InputOf<E>,
  adminId: string,
): Promise<RecordOf<E> | undefined> {
  const input = withCheckedMedia(rawInput);
  const adminName = await creatorName(adminId);
  for (let attempt = 1; ; attempt++) {
    const existing = await getRecord({ entity, id });
    if (!existing) throw new NotFoundError(CATALOGUE_MESSAGES[entity].notFound);
    const record = await buildRecord(entity, input, { id, record: existing }, adminName);
    try {
      await updateRecord(entity, existing, record);
    } catch (err) {
      // Moved (or deleted) since it was read: read it again, so the right parent is counted.
      const changed = err instanceof CatalogueWriteRefused && err.reason === 'changed';
      if (!changed) refused(entity, err, parentField(parentOf(entity, record)));
      if (attempt >= UPDATE_ATTEMPTS) throw new ConflictError(CHANGED_MEANWHILE);
      continue;
    }
    const moved = ancestorIdFields(entity).some(
      (f) => f !== 'sub_subject_id' && fieldsOf(existing)[f] !== fieldsOf(record)[f],
    );
    if (moved) await cascadeAncestors(entity, record);
    await withVideoState(entity, record);
    return (await withNamesAndMedia(entity, [record], { signMedia: true }))[0];
  }
}

/** Deletes a catalogue record, refused while it has children. */
export async function deleteEntity(entity: CatalogueEntity, id: string): Promise<void> {
  const existing = await getRecord({ entity, id });
  if (!existing) throw new NotFoundError(CATALOGUE_MESSAGES[entity].notFound);
  await deleteRecord(entity, existing).catch((err: unknown) => refused(entity, err));
  // A topic's reviews and questions go with it.
  if (entity === 'topic') await removeTopicData(id);
}

/** Filters of the admin lists. */
export interface ListFilter {
  /** The records under one parent (of the entity's parent kind). */
  parentId?: string;
  /** Equality filters on ancestor ids (about-subjects by subject or class); blank ones are off. */
  where?: Record<string, string | undefined>;
}

/** One page of an admin list, with names and signed media. */
export async function adminList<E extends CatalogueEntity>(
  entity: E,
  page: { limit: number; cursor?: string },
  filter: ListFilter = {},
): Promise<Page<RecordOf<E>>> {
  const where: Record<string, string> = {};
  for (const [field, value] of Object.entries(filter.where ?? {})) if (value) where[field] = value;
  const result = await mapCursorErrors(() =>
    filter.parentId
      ? listByParent(entity, filter.parentId, page)
      : Object.keys(where).length
        ? listAllWhere(entity, where, page)
        : listAll(entity, page),
  );
  return {
    items: await withNamesAndMedia(entity, result.items, { signMedia: true }),
    nextCursor: result.nextCursor,
  };
}
