import { ulid } from 'ulid';
import {
  BOARD_NAME_TAKEN,
  CATALOGUE_MESSAGES,
  PARENT_MISSING,
  type CatalogueEntity,
} from '@gia/shared';
import { getAdmin } from '../db/accounts.ts';
import { InvalidCursorError, type Page } from '../db/paging.ts';
import {
  CatalogueWriteRefused,
  deleteRecord,
  getRecord,
  getRecordsAndGrants,
  indexAttributes,
  insertRecord,
  KINDS,
  listAll,
  listByParent,
  listSubjectChapters,
  pick,
  setFields,
  updateRecord,
  type CatalogueRecord,
  type NameGuard,
  type Ref,
} from '../db/catalogue.ts';
import { keys } from '../db/keys.ts';
import { removeTopicData } from '../db/learning.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { MEDIA_URL_INVALID, normaliseMediaUrl, signedMediaUrl } from '../lib/media.ts';

type Input = Record<string, unknown>;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** An optional field: the new value when sent, else the stored one, else the default. */
const keep = <T>(
  input: Input,
  field: string,
  existing: CatalogueRecord | undefined,
  storedAs: string,
  fallback: T,
) =>
  (input[field] !== undefined
    ? input[field]
    : existing?.[storedAs] !== undefined
      ? existing[storedAs]
      : fallback) as T;

async function requireParent(
  entity: CatalogueEntity,
  id: string,
  field: string,
): Promise<CatalogueRecord> {
  const parent = await getRecord({ entity, id });
  if (!parent)
    throw new ValidationError(PARENT_MISSING[field] ?? 'The parent does not exist.', [
      { field, message: PARENT_MISSING[field] ?? 'The parent does not exist.' },
    ]);
  return parent;
}

/** The record's direct parent (chapters: their sub-subject, or their subject without one). */
export function parentOf(entity: CatalogueEntity, r: CatalogueRecord): Ref | undefined {
  switch (entity) {
    case 'class':
      return { entity: 'board', id: str(r.board_id) };
    case 'subject':
      return { entity: 'class', id: str(r.class_id) };
    case 'sub-subject':
      return { entity: 'subject', id: str(r.subject_id) };
    case 'chapter':
      return r.sub_subject_id
        ? { entity: 'sub-subject', id: str(r.sub_subject_id) }
        : { entity: 'subject', id: str(r.subject_id) };
    case 'topic':
      return { entity: 'chapter', id: str(r.chapter_id) };
    case 'about-subject':
      return { entity: 'sub-subject', id: str(r.sub_subject_id) };
    default:
      return undefined;
  }
}

const boardGuard = (r: CatalogueRecord | undefined): NameGuard | undefined =>
  r ? { key: keys.boardName(str(r.board_name)) } : undefined;

/** The next serial number in a chapter (one more than the highest). */
async function nextSerial(chapterId: string): Promise<number> {
  const last = await listByParent('topic', chapterId, { limit: 1, forward: false });
  return Number(last.items[0]?.serial_no ?? 0) + 1;
}

/**
 * Turns validated input into the stored record: server-set ids, creator and dates, ancestor
 * ids derived from the parent, and the spec's field names.
 */
async function buildRecord(
  entity: CatalogueEntity,
  input: Input,
  existing: CatalogueRecord | undefined,
  adminName: string,
): Promise<CatalogueRecord> {
  const now = new Date().toISOString();
  const id = existing ? str(existing[KINDS[entity].idField]) : ulid();
  const image = (storedAs: string) => keep(input, 'image_url', existing, storedAs, '');
  const free = keep(input, 'free_course', existing, 'free_course', false);
  switch (entity) {
    case 'board':
      return {
        board_id: id,
        board_name: input.board_name,
        image_url: image('image_url'),
        free_course: free,
        board_created_by: existing?.board_created_by ?? adminName,
        created_at: existing?.created_at ?? now,
        updated_at: now,
      };
    case 'class': {
      await requireParent('board', str(input.board_id), 'board_id');
      const img = image('class_image_url');
      return {
        class_id: id,
        class_name: input.class_name,
        board_id: input.board_id,
        class_price: input.price,
        class_image_url: img,
        image_url: img,
        free_course: free,
        description: keep(input, 'description', existing, 'description', ''),
        class_created_by: existing?.class_created_by ?? adminName,
        class_created_at: existing?.class_created_at ?? now,
        updated_at: now,
      };
    }
    case 'subject': {
      const cls = await requireParent('class', str(input.class_id), 'class_id');
      return {
        subject_id: id,
        subject_name: input.subject_name,
        class_id: input.class_id,
        board_id: cls.board_id,
        subject_price: input.price,
        subject_image_url: image('subject_image_url'),
        free_course: free,
        subject_created_by: existing?.subject_created_by ?? adminName,
        subject_created_date: existing?.subject_created_date ?? now,
        updated_at: now,
      };
    }
    case 'sub-subject': {
      const subject = await requireParent('subject', str(input.subject_id), 'subject_id');
      const img = image('sub_subject_image_url');
      return {
        sub_subject_id: id,
        sub_subject_name: input.sub_subject_name,
        subject_id: input.subject_id,
        class_id: subject.class_id,
        board_id: subject.board_id,
        sub_subject_price: input.price,
        sub_subject_image_url: img,
        subject_image_url: img,
        free_course: free,
        sub_subject_created_by: existing?.sub_subject_created_by ?? adminName,
        sub_subject_created_date: existing?.sub_subject_created_date ?? now,
        updated_at: now,
      };
    }
    case 'chapter': {
      const subject = await requireParent('subject', str(input.subject_id), 'subject_id');
      const subSubjectId = str(input.sub_subject_id);
      if (subSubjectId) {
        const sub = await requireParent('sub-subject', subSubjectId, 'sub_subject_id');
        if (sub.subject_id !== input.subject_id) {
          const message = 'The selected sub-subject does not belong to the selected subject.';
          throw new ValidationError(message, [{ field: 'sub_subject_id', message }]);
        }
      }
      return {
        chapter_id: id,
        chapter_name: input.chapter_name,
        subject_id: input.subject_id,
        sub_subject_id: subSubjectId,
        class_id: subject.class_id,
        board_id: subject.board_id,
        serial_no: input.serial_no,
        chapter_description: input.description,
        chapter_image_url: image('chapter_image_url'),
        chapter_created_by: existing?.chapter_created_by ?? adminName,
        chapter_created_date: existing?.chapter_created_date ?? now,
        updated_at: now,
      };
    }
    case 'topic': {
      const chapter = await requireParent('chapter', str(input.chapter_id), 'chapter_id');
      const movedChapter = existing && existing.chapter_id !== input.chapter_id;
      const serial =
        input.serial_no ??
        (existing && !movedChapter ? existing.serial_no : await nextSerial(str(input.chapter_id)));
      return {
        topic_id: id,
        topic_name: input.topic_name,
        topic_description: keep(input, 'topic_description', existing, 'topic_description', ''),
        chapter_id: input.chapter_id,
        sub_subject_id: chapter.sub_subject_id,
        subject_id: chapter.subject_id,
        class_id: chapter.class_id,
        board_id: chapter.board_id,
        video_url: keep(input, 'video_url', existing, 'video_url', ''),
        notes_url: keep(input, 'notes_url', existing, 'notes_url', ''),
        image_url: image('image_url'),
        author: input.author,
        status: keep(input, 'status', existing, 'status', 'Active'),
        language: keep(input, 'language', existing, 'language', 'english'),
        free_to_watch: keep(input, 'free_to_watch', existing, 'free_to_watch', '1'),
        serial_no: serial,
        qna: keep(input, 'qna', existing, 'qna', ''),
        comments: keep(input, 'comments', existing, 'comments', ''),
        topic_created_by: existing?.topic_created_by ?? adminName,
        created_date: existing?.created_date ?? now,
        updated_at: now,
      };
    }
    case 'about-subject': {
      const sub = await requireParent('sub-subject', str(input.sub_subject_id), 'sub_subject_id');
      return {
        about_subject_id: id,
        sub_subject_id: input.sub_subject_id,
        subject_id: sub.subject_id,
        class_id: sub.class_id,
        board_id: sub.board_id,
        video_url: keep(input, 'video_url', existing, 'video_url', ''),
        notes_url: keep(input, 'notes_url', existing, 'notes_url', ''),
        comments: keep(input, 'comments', existing, 'comments', ''),
        author: keep(input, 'author', existing, 'author', ''),
        status: keep(input, 'status', existing, 'status', 'Active'),
        language: keep(input, 'language', existing, 'language', 'english'),
        created_by: existing?.created_by ?? adminName,
        created_date: existing?.created_date ?? now,
        updated_at: now,
      };
    }
    case 'testimonial':
      return {
        id,
        name: input.name,
        designation: keep(input, 'designation', existing, 'designation', ''),
        description: input.description,
        image_url: input.image_url,
        created_at: existing?.created_at ?? now,
        updated_at: now,
      };
  }
}

function refused(entity: CatalogueEntity, err: unknown, parentField?: string): never {
  if (!(err instanceof CatalogueWriteRefused)) throw err;
  const m = CATALOGUE_MESSAGES[entity];
  switch (err.reason) {
    case 'missing':
      throw new NotFoundError(m.notFound);
    case 'has-children':
      throw new ConflictError(m.hasChildren ?? 'This record still has children.');
    case 'name-taken':
      throw new ConflictError(BOARD_NAME_TAKEN);
    case 'changed':
      throw new ConflictError(CHANGED_MEANWHILE);
    case 'parent-count':
      throw new ConflictError(CHANGED_MEANWHILE);
    case 'parent-missing': {
      const message = PARENT_MISSING[parentField ?? ''] ?? 'The parent does not exist.';
      throw new ValidationError(message, [{ field: parentField ?? '(body)', message }]);
    }
  }
}

/** The answer when a record kept moving under an update. */
const CHANGED_MEANWHILE = 'This record was changed at the same time. Please try again.';

/** Fields of the admin forms that hold a media url. */
const MEDIA_INPUTS = ['image_url', 'video_url', 'notes_url'];

/**
 * The input with its media urls in the form they are stored: one of our `/media/<key>` urls
 * (signature dropped) or an `https:` link. Anything else is refused with 400 before anything is
 * written, so a url that cannot be read back never reaches a list.
 */
function withCheckedMedia(input: Input): Input {
  const out = { ...input };
  for (const field of MEDIA_INPUTS) {
    const value = out[field];
    if (typeof value !== 'string') continue;
    const url = normaliseMediaUrl(value);
    if (url === undefined) {
      throw new ValidationError(MEDIA_URL_INVALID, [{ field, message: MEDIA_URL_INVALID }]);
    }
    out[field] = url;
  }
  return out;
}

const parentField = (ref: Ref | undefined) => (ref ? KINDS[ref.entity].idField : undefined);

async function creatorName(adminId: string): Promise<string> {
  return (await getAdmin(adminId))?.name ?? 'Admin';
}

/** Inserts a catalogue record for an admin. */
export async function insertEntity(entity: CatalogueEntity, rawInput: Input, adminId: string) {
  const input = withCheckedMedia(rawInput);
  const record = await buildRecord(entity, input, undefined, await creatorName(adminId));
  const parent = parentOf(entity, record);
  await insertRecord(
    entity,
    record,
    parent,
    entity === 'board' ? boardGuard(record) : undefined,
  ).catch((err: unknown) => refused(entity, err, parentField(parent)));
  return (await present(entity, [record], { signMedia: true }))[0];
}

/** Ancestor ids a record hands down to its descendants. */
const ANCESTOR_FIELDS: Partial<Record<CatalogueEntity, string[]>> = {
  class: ['board_id'],
  subject: ['class_id', 'board_id'],
  'sub-subject': ['subject_id', 'class_id', 'board_id'],
  chapter: ['sub_subject_id', 'subject_id', 'class_id', 'board_id'],
};

const CHILD_KINDS: Partial<Record<CatalogueEntity, CatalogueEntity[]>> = {
  class: ['subject'],
  subject: ['sub-subject'],
  'sub-subject': ['chapter', 'about-subject'],
  chapter: ['topic'],
};

/** Every direct child of a record (chapters of a subject include those without a sub-subject). */
async function childrenOf(entity: CatalogueEntity, id: string) {
  const out: [CatalogueEntity, CatalogueRecord][] = [];
  const collect = async (
    kind: CatalogueEntity,
    fetchPage: (cursor?: string) => Promise<Page<CatalogueRecord>>,
  ) => {
    let cursor: string | undefined;
    do {
      const page = await fetchPage(cursor);
      out.push(...page.items.map((item): [CatalogueEntity, CatalogueRecord] => [kind, item]));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  };
  for (const kind of CHILD_KINDS[entity] ?? []) {
    await collect(kind, (cursor) => listByParent(kind, id, { limit: 1000, cursor }));
  }
  if (entity === 'subject') {
    await collect('chapter', (cursor) => listSubjectChapters(id, { limit: 1000, cursor }));
  }
  return out;
}

/**
 * After a record moved to another parent, its descendants get its new ancestor ids, so that
 * lists keep finding every name in one BatchGet. Rare and admin-only, so done item by item.
 */
async function cascadeAncestors(entity: CatalogueEntity, record: CatalogueRecord): Promise<void> {
  const idField = KINDS[entity].idField;
  const id = str(record[idField]);
  const fields: Record<string, unknown> = { [idField]: id };
  for (const f of ANCESTOR_FIELDS[entity] ?? []) if (record[f] !== undefined) fields[f] = record[f];
  for (const [kind, child] of await childrenOf(entity, id)) {
    const moved = { ...child, ...fields };
    await setFields(
      { entity: kind, id: str(child[KINDS[kind].idField]) },
      { ...fields, ...indexAttributes(kind, moved) },
    );
    await cascadeAncestors(kind, moved);
  }
}

/** How often an update is tried again when the record moved under it. */
const UPDATE_ATTEMPTS = 3;

/** Updates a catalogue record for an admin (the id field of the input names it). */
export async function updateEntity(entity: CatalogueEntity, rawInput: Input, adminId: string) {
  const input = withCheckedMedia(rawInput);
  const id = str(input[KINDS[entity].idField]);
  const adminName = await creatorName(adminId);
  let existing: CatalogueRecord | undefined;
  let record: CatalogueRecord | undefined;
  for (let attempt = 1; !record; attempt++) {
    existing = await getRecord({ entity, id });
    if (!existing) throw new NotFoundError(CATALOGUE_MESSAGES[entity].notFound);
    const next = await buildRecord(entity, input, existing, adminName);
    const oldParent = parentOf(entity, existing);
    const newParent = parentOf(entity, next);
    try {
      await updateRecord(entity, next, {
        oldParent,
        newParent,
        oldGuard: entity === 'board' ? boardGuard(existing) : undefined,
        newGuard: entity === 'board' ? boardGuard(next) : undefined,
        // Only a record with a parent can be moved under us.
        readPartition: oldParent ? indexAttributes(entity, existing).gsi1pk : undefined,
      });
      record = next;
    } catch (err) {
      // Moved (or deleted) since it was read: read it again, so the right parent is counted.
      const changed = err instanceof CatalogueWriteRefused && err.reason === 'changed';
      if (!changed) refused(entity, err, parentField(newParent));
      if (attempt >= UPDATE_ATTEMPTS) throw new ConflictError(CHANGED_MEANWHILE);
    }
  }
  if (!existing) throw new NotFoundError(CATALOGUE_MESSAGES[entity].notFound);
  const moved = (ANCESTOR_FIELDS[entity] ?? []).some(
    (f) => f !== 'sub_subject_id' && existing[f] !== record[f],
  );
  if (moved) await cascadeAncestors(entity, record);
  return (await present(entity, [record], { signMedia: true }))[0];
}

/** Deletes a catalogue record, refused while it has children. */
export async function deleteEntity(entity: CatalogueEntity, id: string) {
  const existing = await getRecord({ entity, id });
  if (!existing) throw new NotFoundError(CATALOGUE_MESSAGES[entity].notFound);
  await deleteRecord(
    { entity, id },
    parentOf(entity, existing),
    entity === 'board' ? boardGuard(existing) : undefined,
  ).catch((err: unknown) => refused(entity, err));
  // A topic's reviews and questions go with it.
  if (entity === 'topic') await removeTopicData(id);
}

/** Which ancestors' names each entity shows. */
const SHOWN_PARENTS: Record<CatalogueEntity, [CatalogueEntity, string, string][]> = {
  board: [],
  class: [['board', 'board_id', 'board_name']],
  subject: [
    ['class', 'class_id', 'class_name'],
    ['board', 'board_id', 'board_name'],
  ],
  'sub-subject': [
    ['subject', 'subject_id', 'subject_name'],
    ['class', 'class_id', 'class_name'],
    ['board', 'board_id', 'board_name'],
  ],
  chapter: [
    ['sub-subject', 'sub_subject_id', 'sub_subject_name'],
    ['subject', 'subject_id', 'subject_name'],
    ['class', 'class_id', 'class_name'],
    ['board', 'board_id', 'board_name'],
  ],
  topic: [
    ['chapter', 'chapter_id', 'chapter_name'],
    ['sub-subject', 'sub_subject_id', 'sub_subject_name'],
    ['subject', 'subject_id', 'subject_name'],
    ['class', 'class_id', 'class_name'],
    ['board', 'board_id', 'board_name'],
  ],
  'about-subject': [
    ['sub-subject', 'sub_subject_id', 'sub_subject_name'],
    ['subject', 'subject_id', 'subject_name'],
    ['class', 'class_id', 'class_name'],
    ['board', 'board_id', 'board_name'],
  ],
  testimonial: [],
};

const MEDIA_FIELDS = ['video_url', 'notes_url'];

/**
 * Adds the current names of each record's ancestors (one BatchGet for the whole list) and, when
 * asked, replaces private media urls by signed ones.
 */
export async function present(
  entity: CatalogueEntity,
  records: CatalogueRecord[],
  options: { signMedia: boolean; ratings?: boolean },
): Promise<CatalogueRecord[]> {
  const shown = SHOWN_PARENTS[entity];
  const refs: Ref[] = [];
  for (const r of records) {
    for (const [kind, field] of shown) {
      if (str(r[field])) refs.push({ entity: kind, id: str(r[field]) });
    }
  }
  const rated =
    options.ratings && (entity === 'class' || entity === 'subject')
      ? records.map((r): Ref => ({ entity, id: str(r[KINDS[entity].idField]) }))
      : [];
  const { records: ancestors, ratings } =
    refs.length || rated.length
      ? await getRecordsAndGrants(refs, undefined, [], rated)
      : {
          records: new Map<string, CatalogueRecord>(),
          ratings: new Map<string, { average_rating: number; review_count: number }>(),
        };
  return Promise.all(
    records.map(async (r) => {
      const out: CatalogueRecord = { ...r };
      for (const [kind, field, nameField] of shown) {
        out[nameField] =
          pick(ancestors, kind, r[field])?.[nameField] ?? (str(r[field]) ? null : '');
      }
      if (rated.length) {
        const rating = ratings.get(`${KINDS[entity].prefix}#${str(r[KINDS[entity].idField])}`);
        // Only real reviews: no rating is shown until there is one.
        out.rating = rating && rating.review_count > 0 ? rating : null;
      }
      if (entity === 'topic') {
        out.free_course = [
          pick(ancestors, 'subject', r.subject_id),
          pick(ancestors, 'class', r.class_id),
          pick(ancestors, 'board', r.board_id),
        ].some((a) => a?.free_course === true);
      }
      for (const f of MEDIA_FIELDS) {
        if (f in out) out[f] = options.signMedia ? await signedMediaUrl(out[f]) : null;
      }
      return out;
    }),
  );
}

/** Filters of the admin lists. */
export interface ListFilter {
  parentEntity?: CatalogueEntity;
  parentId?: string;
  /** Extra equality filters applied to the page (about-subjects by subject or class). */
  where?: Record<string, string>;
}

/** One page of an admin list, with names and signed media. */
export async function adminList(
  entity: CatalogueEntity,
  page: { limit: number; cursor?: string },
  filter: ListFilter = {},
): Promise<Page<CatalogueRecord>> {
  let result: Page<CatalogueRecord>;
  try {
    result = filter.parentId
      ? await listByParent(entity, filter.parentId, page)
      : await listAll(entity, page);
  } catch (err) {
    if (err instanceof InvalidCursorError) throw new ValidationError('Invalid cursor.');
    throw err;
  }
  const where = Object.entries(filter.where ?? {}).filter(([, v]) => v);
  const items = result.items.filter((r) => where.every(([k, v]) => r[k] === v));
  return {
    items: await present(entity, items, { signMedia: true }),
    nextCursor: result.nextCursor,
  };
}
