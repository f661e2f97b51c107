import { BASES } from '@gia/shared';

/** The learner-area and favourites data routes, from the shared route table's bases. */
export const LEARNER_DATA = `${BASES.learner}/data`;
export const USERS_DATA = `${BASES.users}/data`;
export const ADMIN_DATA = `${BASES.admin}/data`;

export type Json = Record<string, unknown> & { data?: unknown };
export type Ids = Record<string, string>;

/** A JSON call to the stack under test. */
export type BenchApi = (
  method: string,
  path: string,
  token?: string,
  body?: unknown,
) => Promise<{ status: number; body: Json }>;

/** What the request-counting sections share: the stack, two signed-in users and demo ids. */
export interface BenchContext {
  url: string;
  api: BenchApi;
  learner: string;
  admin: string;
  /** Ids from the demo catalogue (board, class, subject, subSubject, chapter, topic), and more. */
  ids: Ids;
  /** Fills `{name}` parts of a path or value from `ids`. */
  fill: (s: string) => string;
}

export const DEMO_LEARNER = { email: 'learner@gia.local', password: 'Learner123' };
export const BENCH_ADMIN = { email: 'admin@gia.bench', password: 'BenchAdmin123' };

/**
 * Signs in the demo learner and the bench's admin, and walks the demo catalogue to the first
 * board › class › subject › sub-subject › chapter › topic for the sections' `{…}` paths.
 */
export async function demoContext(url: string): Promise<BenchContext> {
  const api: BenchApi = async (method, path, token, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const login = async (base: string, who: { email: string; password: string }) =>
    String((await api('POST', `${base}/login/request`, undefined, who)).body.accessToken);
  const learner = await login(BASES.learner, DEMO_LEARNER);
  const admin = await login(BASES.admin, BENCH_ADMIN);

  // CBSE › Class 10 › Mathematics › Algebra › first chapter › first topic.
  const first = async (path: string) =>
    ((await api('GET', `${LEARNER_DATA}/${path}`)).body.data as Ids[])[0] as Ids;
  const board = await first('getBoards');
  const cls = await first(`getClasses?board_id=${board.board_id}`);
  const subject = await first(`getSubjects?class_id=${cls.class_id}`);
  const sub = await first(`getSubSubjects?subject_id=${subject.subject_id}`);
  const chapter = await first(`getChapters?sub_subject_id=${sub.sub_subject_id}`);
  const topics = (await api('GET', `${LEARNER_DATA}/getTopics?chapter_id=${chapter.chapter_id}`))
    .body.data as Ids[];
  const topic = topics[0]!;
  const ids: Ids = {
    board: board.board_id!,
    class: cls.class_id!,
    subject: subject.subject_id!,
    subSubject: sub.sub_subject_id!,
    chapter: chapter.chapter_id!,
    topic: topic.topic_id!,
    // The chapter's topics, as the lesson read lists them (a chapter test's hint).
    chapterTopics: topics.map((t) => t.topic_id).join(','),
    email: DEMO_LEARNER.email,
    password: DEMO_LEARNER.password,
  };
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => ids[k] ?? k);
  return { url, api, learner, admin, ids, fill };
}
