import { beforeAll, describe, expect, it, inject } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { adminToken, api, newLearner, tableClient } from './api.ts';
import { ADMIN_DATA as A, LEARNER_DATA as L, unique } from './fixtures.ts';

const call = api();
const stack = inject('stack');
const db = tableClient();
let admin: string;
let learner: { token: string; userId: string };

const post = async (path: string, body: unknown) =>
  (await call('POST', `${A}/${path}`, { body, token: admin })).body.data;

beforeAll(async () => {
  admin = await adminToken(call);
  learner = await newLearner(call, 'Pub');
});

/** A small catalogue: one class with a paid and a free subject; topics free, paid, inactive. */
async function catalogue() {
  const board = await post('insertBoards', { board_name: unique('Board') });
  const cls = await post('insertClasses', {
    class_name: unique('Class 10'),
    board_id: board.board_id,
    price: 900,
  });
  const paid = await post('insertSubjects', {
    subject_name: 'Physics',
    class_id: cls.class_id,
    price: 300,
  });
  const free = await post('insertSubjects', {
    subject_name: 'Free Maths',
    class_id: cls.class_id,
    price: 0,
    free_course: true,
  });
  const sub = await post('insertSubSubjects', {
    sub_subject_name: 'Optics',
    subject_id: paid.subject_id,
    price: 100,
  });
  const chapter = await post('insertChapters', {
    chapter_name: 'Light',
    subject_id: paid.subject_id,
    sub_subject_id: sub.sub_subject_id,
    serial_no: 1,
    description: 'Reflection',
  });
  const freeChapter = await post('insertChapters', {
    chapter_name: 'Numbers',
    subject_id: free.subject_id,
    serial_no: 1,
    description: 'd',
  });
  const video = '/media/private/videos/sample.mp4';
  const topic = (name: string, extra: object) =>
    post('insertTopics', {
      chapter_id: chapter.chapter_id,
      topic_name: name,
      author: 'Ravi',
      video_url: video,
      notes_url: '/media/private/notes/n.pdf',
      ...extra,
    });
  const paidTopic = await topic('Mirrors', { free_to_watch: '2', serial_no: 2 });
  const freeTopic = await topic('Intro', {
    free_to_watch: '1',
    serial_no: 1,
    duration_seconds: 95,
  });
  const hidden = await topic('Draft', { status: 'Inactive', serial_no: 3 });
  const freeCourseTopic = await post('insertTopics', {
    chapter_id: freeChapter.chapter_id,
    topic_name: 'Counting',
    author: 'Asha',
    free_to_watch: '2',
    video_url: video,
  });
  return { board, cls, paid, free, sub, chapter, paidTopic, freeTopic, hidden, freeCourseTopic };
}

describe('public catalogue reads', () => {
  it('lists boards, classes of a board, subjects, sub-subjects and chapters without a token', async () => {
    const c = await catalogue();
    const boards = await call('GET', `${L}/getBoards?limit=1000`);
    expect(boards.status).toBe(200);
    expect(boards.body.data.map((b: { board_id: string }) => b.board_id)).toContain(
      c.board.board_id,
    );
    const classes = await call('GET', `${L}/getClasses?board_id=${c.board.board_id}`);
    expect(classes.body.data).toEqual([
      expect.objectContaining({
        class_id: c.cls.class_id,
        board_name: c.board.board_name,
        class_price: 900,
      }),
    ]);
    const subjects = await call('GET', `${L}/getSubjects?class_id=${c.cls.class_id}`);
    expect(subjects.body.data.map((s: { subject_name: string }) => s.subject_name)).toEqual([
      'Physics',
      'Free Maths',
    ]);
    const one = await call('GET', `${L}/getSubjects?subject_id=${c.paid.subject_id}`);
    expect(one.body.data).toHaveLength(1);
    const subs = await call('GET', `${L}/getSubSubjects?subject_id=${c.paid.subject_id}`);
    expect(subs.body.data[0]).toMatchObject({
      sub_subject_name: 'Optics',
      subject_name: 'Physics',
    });
    const chapters = await call('GET', `${L}/getChapters?sub_subject_id=${c.sub.sub_subject_id}`);
    expect(chapters.body.data[0]).toMatchObject({
      chapter_name: 'Light',
      chapter_description: 'Reflection',
    });
  });

  it('lists only Active topics in serial order, locking paid media for a visitor', async () => {
    const c = await catalogue();
    const res = await call('GET', `${L}/getTopics?chapter_id=${c.chapter.chapter_id}`);
    expect(res.body.data.map((t: { topic_name: string }) => t.topic_name)).toEqual([
      'Intro',
      'Mirrors',
    ]);
    const [intro, mirrors] = res.body.data;
    expect(intro).toMatchObject({
      locked: false,
      chapter_name: 'Light',
      class_name: c.cls.class_name,
    });
    expect(intro.video_url).toContain('X-Amz-Signature=');
    expect(mirrors).toMatchObject({ locked: true, video_url: null, notes_url: null });
  });

  it('keeps a paid topic locked in the public list for everyone, and opens it in the learner’s own part once they own its subject', async () => {
    const c = await catalogue();
    const listed = async (token?: string) =>
      (await call('GET', `${L}/getTopics?chapter_id=${c.chapter.chapter_id}`, { token })).body
        .data[1];
    const mirrorsId = (await listed()).topic_id as string;
    const mine = async () =>
      (
        await call('GET', `${L}/getMyCatalogueState?chapter_id=${c.chapter.chapter_id}`, {
          token: learner.token,
        })
      ).body.data.topics.find((t: { topic_id: string }) => t.topic_id === mirrorsId);
    expect(await mine()).toBeUndefined();
    await db.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: {
          pk: `USER#${learner.userId}`,
          sk: `GRANT#${c.paid.subject_id}`,
          type: 'grant',
          subject_id: c.paid.subject_id,
        },
      }),
    );
    const mirrors = await mine();
    expect(mirrors.locked).toBe(false);
    expect(mirrors.notes_url).toContain('X-Amz-Signature=');
    // The public list is everyone's (the edge caches it): a token changes nothing there.
    expect((await listed(learner.token)).locked).toBe(true);
    expect((await listed(admin)).locked).toBe(true);
  });

  it('shows the class detail with subjects, FREE flags and playable free topics only', async () => {
    const c = await catalogue();
    const res = await call('GET', `${L}/getClasses_Byid/${c.cls.class_id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      class_id: c.cls.class_id,
      board_name: c.board.board_name,
    });
    const [physics, maths] = res.body.data.subjects;
    expect(physics).toMatchObject({ subject_name: 'Physics', free_course: false });
    expect(physics.topics.map((t: { topic_name: string }) => t.topic_name)).toEqual([
      'Intro',
      'Mirrors',
    ]);
    expect(physics.topics[0].video_url).toContain('X-Amz-Signature=');
    // Each topic's length, for the class page (the transcoded length is unknown until ready).
    expect(physics.topics[0]).toMatchObject({ duration_seconds: 95, video_duration_seconds: null });
    expect(physics.topics[1]).toMatchObject({ free_to_watch: '2', video_url: null, locked: true });
    expect(physics.topics[1].duration_seconds).toBeNull();
    expect(maths).toMatchObject({ free_course: true });
    expect(maths.topics[0]).toMatchObject({ topic_name: 'Counting', locked: false });
    expect((await call('GET', `${L}/getClasses_Byid/nope`)).status).toBe(404);
  });

  it('lists testimonials publicly', async () => {
    await post('inserttestimonial', {
      name: 'Meena',
      description: 'Loved it',
      image_url: '/media/public/images/m.png',
    });
    const res = await call('GET', `${L}/gettestimonial?limit=1000`);
    expect(res.body.data.some((t: { name: string }) => t.name === 'Meena')).toBe(true);
  });
});
