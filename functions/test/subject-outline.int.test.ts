import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, buySubjects, newLearner, routePath } from './api.ts';
import { ADMIN_DATA as A, LEARNER_DATA as L, unique } from './fixtures.ts';

const call = api();
let admin: string;
let learner: { token: string; userId: string };

const post = async (path: string, body: unknown) =>
  (await call('POST', `${A}/${path}`, { body, token: admin })).body.data;
const outlinePath = (subjectId: string) => routePath('catalogue.getSubjectOutline', { subjectId });

beforeAll(async () => {
  admin = await adminToken(call);
  learner = await newLearner(call, 'Outline');
});

/** A paid subject with a sub-subject, a chapter directly under it, and free, paid, inactive topics. */
async function subject() {
  const board = await post('insertBoards', { board_name: unique('Board') });
  const cls = await post('insertClasses', {
    class_name: 'Class 9',
    board_id: board.board_id,
    price: 900,
  });
  const paid = await post('insertSubjects', {
    subject_name: unique('Physics'),
    class_id: cls.class_id,
    price: 300,
  });
  const sub = await post('insertSubSubjects', {
    sub_subject_name: 'Optics',
    subject_id: paid.subject_id,
    price: 100,
  });
  const light = await post('insertChapters', {
    chapter_name: 'Light',
    subject_id: paid.subject_id,
    sub_subject_id: sub.sub_subject_id,
    serial_no: 2,
    description: 'd',
  });
  const lenses = await post('insertChapters', {
    chapter_name: 'Lenses',
    subject_id: paid.subject_id,
    sub_subject_id: sub.sub_subject_id,
    serial_no: 1,
    description: 'd',
  });
  const revision = await post('insertChapters', {
    chapter_name: 'Revision',
    subject_id: paid.subject_id,
    serial_no: 1,
    description: 'd',
  });
  const topic = (chapter: { chapter_id: string }, name: string, extra: object) =>
    post('insertTopics', {
      chapter_id: chapter.chapter_id,
      topic_name: name,
      author: 'Ravi',
      video_url: '/media/private/videos/sample.mp4',
      ...extra,
    });
  const mirrors = await topic(light, 'Mirrors', {
    free_to_watch: '2',
    serial_no: 2,
    duration_seconds: 125,
  });
  const intro = await topic(light, 'Intro', {
    free_to_watch: '1',
    serial_no: 1,
    duration_seconds: 60,
  });
  await topic(light, 'Draft', { status: 'Inactive', serial_no: 3, duration_seconds: 999 });
  await topic(lenses, 'Convex', { free_to_watch: '2', author: 'Meena' });
  await topic(revision, 'Recap', { free_to_watch: '2', duration_seconds: '15' });
  return { board, cls, paid, mirrors, intro };
}

describe("a subject's outline (getSubjectOutline)", () => {
  it('shows the contents, price and authors, with only the free topic playable signed out', async () => {
    const s = await subject();
    const res = await call('GET', outlinePath(s.paid.subject_id));
    expect(res.status).toBe(200);
    const o = res.body.data;
    expect(o.subject).toMatchObject({
      subject_id: s.paid.subject_id,
      subject_price: 300,
      free_course: false,
      class_name: 'Class 9',
      board_name: s.board.board_name,
      rating: null,
    });
    expect(o.subject).not.toHaveProperty('subject_created_by');
    expect(o.authors).toEqual(expect.arrayContaining(['Ravi', 'Meena']));
    expect(o.authors).toHaveLength(2);
    // The inactive topic is neither listed nor counted.
    expect(o.lesson_count).toBe(4);
    expect(o.duration_seconds).toBe(60 + 125 + 15);
    expect(
      o.sub_subjects.map(
        (g: { sub_subject_name: string; chapters: { chapter_name: string }[] }) => [
          g.sub_subject_name,
          g.chapters.map((c) => c.chapter_name),
        ],
      ),
    ).toEqual([
      ['Optics', ['Lenses', 'Light']],
      ['', ['Revision']],
    ]);
    const [intro, mirrors] = o.sub_subjects[0].chapters[1].topics;
    expect(intro).toMatchObject({ topic_name: 'Intro', locked: false, duration_seconds: 60 });
    expect(intro.video_url).toContain('X-Amz-Signature=');
    expect(mirrors).toMatchObject({
      topic_name: 'Mirrors',
      locked: true,
      video_url: null,
      duration_seconds: 125,
    });
    expect(o.sub_subjects[0].chapters[0].topics[0]).toMatchObject({
      topic_name: 'Convex',
      duration_seconds: null,
    });
  });

  it('stays the same for the buyer, whose own part of the subject opens every topic', async () => {
    const s = await subject();
    const outlineTopicIds = async (): Promise<{ topic_id: string; locked: boolean }[]> => {
      const res = await call('GET', outlinePath(s.paid.subject_id), { token: learner.token });
      return res.body.data.sub_subjects
        .flatMap((g: { chapters: { topics: unknown[] }[] }) => g.chapters.flatMap((c) => c.topics))
        .map(({ topic_id, locked }: { topic_id: string; locked: boolean }) => ({
          topic_id,
          locked,
        }));
    };
    const mine = async () =>
      (
        await call(
          'GET',
          routePath('catalogue.getMyCatalogueState', {}, { subject_id: s.paid.subject_id }),
          { token: learner.token },
        )
      ).body.data;
    const before = await outlineTopicIds();
    expect(before.some((t) => t.locked)).toBe(true);
    expect((await mine()).owned_subject_ids).toEqual([]);

    await buySubjects(call, learner.token, [s.paid.subject_id]);

    // The outline is everyone's: the buyer's still locks what it locked (its free preview's
    // signature is fresh: the purchase, a write, cleared the local cache).
    expect(await outlineTopicIds()).toEqual(before);
    // Their own part opens all four topics, with signed media.
    const own = await mine();
    expect(own.owned_subject_ids).toEqual([s.paid.subject_id]);
    expect(own.topics.map((t: { topic_id: string }) => t.topic_id).sort()).toEqual(
      before.map((t) => t.topic_id).sort(),
    );
    for (const t of own.topics) {
      expect(t).toMatchObject({ locked: false, video_url: expect.stringContaining('X-Amz-') });
    }
  });

  it('answers 404 for an unknown subject and for an id that cannot be one', async () => {
    const unknown = await call('GET', outlinePath('01JUNKNOWNSUBJECT0000000000'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Subject not found.');
    // Path ids follow the router's one rule: a value not shaped like an id names nothing.
    const malformed = await call('GET', `${L}/getSubjectOutline/bad%20id!`);
    expect(malformed.status).toBe(404);
  });

  it('refuses a topic duration that is not whole seconds from 0 to a day', async () => {
    const s = await subject();
    const chapterOf = (await call('GET', outlinePath(s.paid.subject_id))).body.data.sub_subjects[0]
      .chapters[0].chapter_id;
    for (const duration_seconds of [-1, 1.5, 86_401, 'long']) {
      const res = await call('POST', `${A}/insertTopics`, {
        token: admin,
        body: { chapter_id: chapterOf, topic_name: 'T', author: 'A', duration_seconds },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Duration must be a whole number of seconds from 0 to 86400.');
    }
  });
});
