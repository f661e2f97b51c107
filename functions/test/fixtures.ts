/**
 * Fixtures of the integration tier: unique labels, the admin's catalogue writes, path prefixes
 * from the shared route table and a small catalogue builder, so each test file states only its
 * own "given".
 */
import { createHmac } from 'node:crypto';
import { BASES } from '@gia/shared';
import { beforeAll, inject } from 'vitest';
import { adminToken, routePath, uniqueEmail, type api } from './api.ts';

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

/**
 * The stack's admin for a whole test file, signed in by a `beforeAll` of that file: its `token`,
 * and `post` to write the catalogue with it.
 */
export function signedInAdmin(call: Call): { token: string; post: AdminPost } {
  const admin = {
    token: '',
    post: (async () => {
      throw new Error('the admin is signed in before the tests run, not while they are collected');
    }) as AdminPost,
  };
  beforeAll(async () => {
    Object.assign(admin, await signInAdmin(call));
  });
  return admin;
}

/**
 * The sign-in routes of the auth tests: `signUp` a learner with a unique e-mail, `signIn` to
 * either pool, and an `adminSession` of the stack's admin (its access and refresh tokens).
 */
export function authFlows(call: Call) {
  async function signUp(label: string, password = 'Passw0rdOk') {
    const email = uniqueEmail(label);
    const res = await call('POST', routePath('learner.login.signup'), {
      body: { user_name: `  ${label} Learner `, email, password },
    });
    return { email, password, res };
  }
  const signIn = (pool: 'learner' | 'admin', email: string, password: string) =>
    call('POST', routePath(`${pool}.login.request`), { body: { email, password } });
  const adminSession = async () => {
    const { admin } = inject('stack');
    return (await signIn('admin', admin.email, admin.password)).body as {
      accessToken: string;
      refreshToken: string;
    };
  };
  return { signUp, signIn, adminSession };
}

/** An admin's change of a subject's price (the update carries its name and class as they are). */
export const reprice = (post: AdminPost, subject: Rec, price: number | string) =>
  post('updateSubjects', {
    subject_id: subject.subject_id,
    subject_name: subject.subject_name,
    class_id: subject.class_id,
    price,
  });

/**
 * A line of the catalogue with unique names, one record per level: board › class › subject ›
 * sub-subject › chapter, each as its insert route answered it.
 */
export async function catalogueLine(post: AdminPost) {
  const board = await post('insertBoards', { board_name: unique('Board'), free_course: false });
  const cls = await post('insertClasses', {
    class_name: unique('Class'),
    board_id: board.board_id,
    price: '499',
    description: 'd',
  });
  const subject = await post('insertSubjects', {
    subject_name: unique('Maths'),
    class_id: cls.class_id,
    price: 199,
  });
  const sub = await post('insertSubSubjects', {
    sub_subject_name: unique('Algebra'),
    subject_id: subject.subject_id,
    price: 99,
  });
  const chapter = await post('insertChapters', {
    chapter_name: unique('Chapter'),
    subject_id: subject.subject_id,
    sub_subject_id: sub.sub_subject_id,
    serial_no: 1,
    description: 'Linear equations',
  });
  return { board, cls, subject, sub, chapter };
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

/** A class with two paid subjects (₹300, ₹150.50), a free subject, and a paid topic. */
export async function shopCatalogue(post: AdminPost) {
  const { board, cls, subjects, chapter } = await smallCatalogue(post, {
    board: 'Shop Board',
    class: { class_name: 'Class 8', price: 500 },
    subjects: {
      physics: { subject_name: unique('Physics'), price: 300 },
      biology: { subject_name: unique('Biology'), price: '150.50' },
      free: { subject_name: 'Free Art', price: 0, free_course: true },
    },
    chapter: { of: 'physics', chapter_name: 'Motion', serial_no: 1, description: 'd' },
    topics: {
      speed: {
        topic_name: 'Speed',
        author: 'A',
        free_to_watch: '2',
        video_url: '/media/private/videos/x.mp4',
      },
    },
  });
  return { board, cls, ...subjects, chapter };
}

/** A chapter of History with a free topic (anyone may watch) and a paid one. */
export async function historyTopics(post: AdminPost) {
  const { board, cls, subjects, chapter, topics } = await smallCatalogue(post, {
    board: 'Learn Board',
    class: { class_name: 'Class 7', price: 100 },
    subjects: { subject: { subject_name: 'History', price: 50 } },
    chapter: { of: 'subject', chapter_name: 'Mughals', serial_no: 1, description: 'd' },
    topics: {
      free: {
        topic_name: 'Akbar',
        author: 'A',
        topic_description: 'Akbar’s reign',
        free_to_watch: '1',
      },
      paid: { topic_name: 'Shah Jahan', author: 'A', free_to_watch: '2' },
    },
  });
  return { board, cls, subject: subjects.subject, chapter, ...topics };
}

/** The hex HMAC-SHA256 Razorpay signs payments and webhooks with. */
export const signed = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');

/**
 * The payment service and the data layer under it, talking to the test stack's table from this
 * process, for tests that plant orders or faults the API cannot make.
 */
export async function paymentsInProcess() {
  Object.assign(process.env, inject('stack').env);
  return {
    ...(await import('../src/payments/checkout.ts')),
    ...(await import('../src/payments/settle.ts')),
    ...(await import('../src/payments/reconciliation.ts')),
    ...(await import('../src/payments/webhook.ts')),
    ...(await import('../src/db/orders.ts')),
    ...(await import('../src/db/payments.ts')),
    ...(await import('../src/db/learner.ts')),
    ...(await import('../src/db/keys.ts')),
    keys: await import('../src/db/item-keys.ts'),
    ...(await import('../src/lib/dynamo.ts')),
  };
}
