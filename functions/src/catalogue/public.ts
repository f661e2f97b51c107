import type {
  CatalogueEntity,
  ClassDetail,
  Language,
  PublicTopicRecord,
  RecordOf,
} from '@gia/shared';
import { LEARNER_MESSAGES } from '@gia/shared/learner-messages.ts';
import type { Page } from '../db/paging.ts';
import {
  classContents,
  getRecord,
  getRecords,
  listAll,
  listByParent,
  pick,
} from '../db/catalogue-reads.ts';
import { isFreeCourse, mayWatchTopic } from '../domain/entitlement/index.ts';
import { NotFoundError } from '../lib/errors.ts';
import { signedMediaUrl } from '../lib/media.ts';
import { mapCursorErrors } from '../lib/cursor-errors.ts';
import { parentNames, parentRefs, withNamesAndMedia } from '../domain/catalogue/index.ts';
import { publicTopic } from './topic-view.ts';

/**
 * Fields only the back office sees (besides every `*created_by`: admins' names); a learner's read
 * answers a record's `translations` in its fields instead (lib/reading-language.ts).
 */
const ADMIN_ONLY = new Set(['updated_at', 'comments', 'qna', 'video_error', 'translations']);

const isAdminOnly = (field: string) => ADMIN_ONLY.has(field) || field.endsWith('created_by');

/** A record as the public sees it: no admin names, no back-office notes. */
export const publicView = <R extends object>(r: R): R =>
  Object.fromEntries(Object.entries(r).filter(([field]) => !isAdminOnly(field))) as R;

/** The entities that carry a medium of instruction (issue 33). */
const TAUGHT_IN = new Set<CatalogueEntity>(['class', 'subject']);

/** A class's or subject's medium: the one stored, else English (the catalogue's own language). */
export const mediumOf = (record: object): Language =>
  (record as { medium?: Language }).medium ?? 'english';

/** A public record: its public view, with its medium where its entity has one. */
const shown = <R extends object>(entity: CatalogueEntity, record: R): R =>
  TAUGHT_IN.has(entity) ? { ...publicView(record), medium: mediumOf(record) } : publicView(record);

/**
 * A public list: one Query, one BatchGet for the parents' names. With `medium` (classes and
 * subjects), only the records taught in it: a page may then hold fewer, and its cursor goes on.
 */
export async function publicList<E extends CatalogueEntity>(
  entity: E,
  paging: { limit: number; cursor?: string },
  parentId?: string,
  medium?: Language,
): Promise<Page<RecordOf<E>>> {
  const result = await mapCursorErrors(() =>
    parentId ? listByParent(entity, parentId, paging) : listAll(entity, paging),
  );
  const taught =
    medium && TAUGHT_IN.has(entity)
      ? result.items.filter((r) => mediumOf(r) === medium)
      : result.items;
  const items = await withNamesAndMedia(entity, taught, { signMedia: false, ratings: true });
  return { items: items.map((r) => shown(entity, r)), nextCursor: result.nextCursor };
}

/** One subject, as a list (`getSubjects?subject_id=`). */
export async function publicSubject(subjectId: string): Promise<RecordOf<'subject'>[]> {
  const subject = await getRecord({ entity: 'subject', id: subjectId });
  if (!subject) return [];
  return (await withNamesAndMedia('subject', [subject], { signMedia: false })).map((r) =>
    shown('subject', r),
  );
}

/** No one's purchases: the public reads answer what anyone may watch (issue 30, item 4). */
const NO_GRANTS: ReadonlySet<string> = new Set();

/**
 * The Active topics of a chapter in serial order. Media urls are signed where anyone may watch
 * the topic; otherwise they are `null` and the topic says `locked: true` (what a learner owns
 * comes from the personal call, `getMyCatalogueState`). Two requests: the Query, and one BatchGet
 * of the ancestors.
 */
export async function publicTopics(
  paging: { limit: number; cursor?: string },
  chapterId: string | undefined,
): Promise<Page<PublicTopicRecord>> {
  const result = await mapCursorErrors(() =>
    chapterId ? listByParent('topic', chapterId, paging) : listAll('topic', paging),
  );
  const topics = result.items.filter((t) => t.status === 'Active');
  const records = await getRecords(parentRefs('topic', topics));
  const items = await Promise.all(
    topics.map(async (t) => {
      const ctx = {
        topic: t,
        subject: pick(records, 'subject', t.subject_id),
        class: pick(records, 'class', t.class_id),
        board: pick(records, 'board', t.board_id),
      };
      const open = mayWatchTopic(ctx, NO_GRANTS);
      return {
        ...publicView({ ...t, ...parentNames('topic', t, records, () => null) }),
        free_course: isFreeCourse(ctx),
        notes_url: open ? await signedMediaUrl(t.notes_url) : null,
        ...(await publicTopic(t, open)),
      };
    }),
  );
  return { items, nextCursor: result.nextCursor };
}

/**
 * The class detail: the class, its subjects, and each subject's Active topics with a playable
 * `video_url` only where anyone may watch. Two requests: the class's content partition, and one
 * GetItem of its board.
 */
export async function publicClassDetail(classId: string): Promise<ClassDetail> {
  const content = await classContents(classId);
  const cls = content.class?.[0];
  if (!cls) throw new NotFoundError(LEARNER_MESSAGES.classNotFound);
  const subjects = content.subject ?? [];
  const records = await getRecords([{ entity: 'board', id: cls.board_id }]);
  const board = pick(records, 'board', cls.board_id);
  return {
    ...shown('class', cls),
    board_name: board?.board_name ?? null,
    subjects: await Promise.all(
      subjects.map(async (subject) => {
        const topics = (content.topic ?? []).filter(
          (t) => t.subject_id === subject.subject_id && t.status === 'Active',
        );
        return {
          ...shown('subject', subject),
          class_name: cls.class_name,
          board_name: board?.board_name ?? null,
          free_course: subject.free_course === true,
          topics: await Promise.all(
            topics.map((t) =>
              publicTopic(t, mayWatchTopic({ topic: t, subject, class: cls, board }, NO_GRANTS)),
            ),
          ),
        };
      }),
    ),
  };
}
