/**
 * Fixtures of the integration tier: unique labels, the admin's catalogue writes, path prefixes
 * from the shared route table and a small catalogue builder, so each test file states only its
 * own "given".
 */
import { BASES } from '@gia/shared';
import { adminToken, type api } from './api.ts';

type Call = ReturnType<typeof api>;
// The API answers JSON whose shape each test asserts; records are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = any;
type Fields = Record<string, unknown>;

/** Learner data routes (`getUSER_CART`, `insertreviews`, …). */
export const LEARNER_DATA = `${BASES.learner}/data`;
/** The favourites routes live under the `users` base. */
export const USERS_DATA = `${BASES.users}/data`;
/** Admin data routes (`insertBoards`, `getqna`, …). */
export const ADMIN_DATA = `${BASES.admin}/data`;

/** A label no other test uses, so tests never depend on each other's data. */
export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Posts to an admin data route (e.g. `insertBoards`) and answers the record in `data`. */
export type AdminPost = (route: string, body: unknown) => Promise<Rec>;

/** Signs the stack's admin in once: its token, and `post` to write the catalogue with it. */
export async function signInAdmin(call: Call): Promise<{ token: string; post: AdminPost }> {
  const token = await adminToken(call);
  const post: AdminPost = async (route, body) =>
    (await call('POST', `${ADMIN_DATA}/${route}`, { body, token })).body.data;
  return { token, post };
}

/** What `smallCatalogue` builds: subjects and topics under the keys the spec gave them. */
export interface SmallCatalogue<S extends string, T extends string> {
  board: Rec;
  cls: Rec;
  subjects: Record<S, Rec>;
  chapter: Rec;
  topics: Record<T, Rec>;
}

/**
 * A board (unique name) with one class, its subjects, and one chapter of one of them with its
 * topics. Fields are those of the insert routes, less the parent ids, which are filled in.
 */
export async function smallCatalogue<S extends string, T extends string>(
  post: AdminPost,
  spec: {
    board: string;
    class: Fields;
    subjects: Record<S, Fields>;
    chapter: Fields & { of: NoInfer<S> };
    topics: Record<T, Fields>;
  },
): Promise<SmallCatalogue<S, T>> {
  const board = await post('insertBoards', { board_name: unique(spec.board) });
  const cls = await post('insertClasses', { ...spec.class, board_id: board.board_id });
  const subjects = {} as Record<S, Rec>;
  for (const [key, fields] of Object.entries(spec.subjects) as [S, Fields][]) {
    subjects[key] = await post('insertSubjects', { ...fields, class_id: cls.class_id });
  }
  const { of, ...chapterFields } = spec.chapter;
  const chapter = await post('insertChapters', {
    ...chapterFields,
    subject_id: subjects[of].subject_id,
  });
  const topics = {} as Record<T, Rec>;
  for (const [key, fields] of Object.entries(spec.topics) as [T, Fields][]) {
    topics[key] = await post('insertTopics', { ...fields, chapter_id: chapter.chapter_id });
  }
  return { board, cls, subjects, chapter, topics };
}
