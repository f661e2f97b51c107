import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, buySubjects, newLearner } from './api.ts';
import { ADMIN_DATA, LEARNER_DATA, signedInAdmin, smallCatalogue, unique } from './fixtures.ts';

const call = api();
const admin = signedInAdmin(call);

// The outlines are read and written here too, in-process, against the same embedded DynamoDB.
Object.assign(process.env, inject('stack').env, { LOG_LEVEL: 'SILENT' });
const { rebuildClassOutlines, outlineKey } = await import('../src/db/outlines.ts');
const { getItem } = await import('../src/db/learner.ts');
const { ddb } = await import('../src/lib/dynamo.ts');
const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
const { tableName } = await import('../src/db/table-name.ts');

/** Waits (up to 20 s) until `check` holds: what the table's stream does comes a little later. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const learner = (name = 'Cora Continue') => newLearner(call, name);
type Learner = Awaited<ReturnType<typeof learner>>;

/**
 * A class with a paid subject (one chapter: 3 active topics, the first free to preview, and an
 * inactive one) and a free subject with one chapter of 2 topics.
 */
async function courses() {
  const c = await smallCatalogue(admin.post, {
    board: 'Progress Board',
    class: { class_name: 'Class 6', price: 300 },
    subjects: {
      maths: { subject_name: unique('Maths'), price: 120 },
      art: { subject_name: unique('Art'), price: 0, free_course: true },
    },
    chapter: { of: 'maths', chapter_name: 'Numbers', serial_no: 1, description: 'd' },
    topics: {
      one: { topic_name: 'Counting', author: 'A', serial_no: 1, free_to_watch: '1' },
      two: { topic_name: 'Adding', author: 'A', serial_no: 2, free_to_watch: '2' },
      three: { topic_name: 'Taking away', author: 'A', serial_no: 3, free_to_watch: '2' },
      hidden: {
        topic_name: 'Draft',
        author: 'A',
        serial_no: 4,
        free_to_watch: '2',
        status: 'Inactive',
      },
    },
  });
  const artChapter = await admin.post('insertChapters', {
    chapter_name: 'Colours',
    subject_id: c.subjects.art.subject_id,
    serial_no: 1,
    description: 'd',
  });
  const brush = await admin.post('insertTopics', {
    topic_name: 'Brushes',
    author: 'A',
    serial_no: 1,
    free_to_watch: '2',
    chapter_id: artChapter.chapter_id,
  });
  // The outlines as they are now: what the stream builds a moment later, read at once.
  await rebuildClassOutlines(c.cls.class_id as string);
  return { ...c, artChapter, brush };
}

const progress = async (who: Learner) => {
  const res = await call('GET', `${LEARNER_DATA}/getCourseProgress`, { token: who.token });
  expect(res.status).toBe(200);
  return res.body.data as Record<string, unknown>[];
};

/** Saves a position; `to` the end marks the topic watched (within 5 s of its 100 s). */
const watch = (who: Learner, topicId: string, to: 'part' | 'end') =>
  call('POST', `${LEARNER_DATA}/saveTopicProgress`, {
    token: who.token,
    body: { topic_id: topicId, position_seconds: to === 'end' ? 99 : 20, duration_seconds: 100 },
  });

const lessonOf = (chapter: { chapter_id: unknown }, topic: Record<string, unknown>) => ({
  chapter_id: chapter.chapter_id,
  topic_id: topic.topic_id,
  topic_name: topic.topic_name,
});

describe('getCourseProgress', () => {
  let c: Awaited<ReturnType<typeof courses>>;
  beforeAll(async () => {
    c = await courses();
  });

  it('needs a learner token', async () => {
    expect((await call('GET', `${LEARNER_DATA}/getCourseProgress`)).status).toBe(401);
  });

  it('lists nothing for a learner who owns nothing and started nothing', async () => {
    expect(await progress(await learner())).toEqual([]);
  });

  it('leaves out a paid subject whose free preview the learner watched without buying it', async () => {
    const me = await learner();
    expect((await watch(me, c.topics.one.topic_id, 'end')).status).toBe(200);

    expect(await progress(me)).toEqual([]);
  });

  it('counts a bought subject’s active topics, the watched ones, the last one watched and the first', async () => {
    const me = await learner();
    await buySubjects(call, me.token, [c.subjects.maths.subject_id]);

    expect(await progress(me)).toEqual([
      expect.objectContaining({
        subject_id: c.subjects.maths.subject_id,
        subject_name: c.subjects.maths.subject_name,
        class_name: 'Class 6',
        board_name: c.board.board_name,
        owned: true,
        topics_total: 3,
        topics_watched: 0,
        last: null,
        first: lessonOf(c.chapter, c.topics.one),
      }),
    ]);

    await watch(me, c.topics.two.topic_id, 'part');
    await watch(me, c.topics.one.topic_id, 'end');
    expect((await progress(me))[0]).toMatchObject({
      topics_watched: 1,
      last: lessonOf(c.chapter, c.topics.one),
    });

    await watch(me, c.topics.three.topic_id, 'end');
    await watch(me, c.topics.two.topic_id, 'end');
    expect((await progress(me))[0]).toMatchObject({
      topics_total: 3,
      topics_watched: 3,
      last: lessonOf(c.chapter, c.topics.two),
    });
  });

  it('adds a free subject once the learner has started it, and shows no one else’s progress', async () => {
    const me = await learner();
    const other = await learner();
    await buySubjects(call, me.token, [c.subjects.maths.subject_id]);
    expect((await progress(me)).map((p) => p.subject_id)).toEqual([c.subjects.maths.subject_id]);

    expect((await watch(me, c.brush.topic_id, 'part')).status).toBe(200);

    expect(await progress(me)).toEqual([
      expect.objectContaining({ subject_id: c.subjects.maths.subject_id, owned: true }),
      expect.objectContaining({
        subject_id: c.subjects.art.subject_id,
        owned: false,
        topics_total: 1,
        topics_watched: 0,
        last: lessonOf(c.artChapter, c.brush),
      }),
    ]);
    expect(await progress(other)).toEqual([]);
  });
});

describe('getCourseProgress’s outlines (kept by the table’s stream)', () => {
  it('counts a topic an admin adds, once the stream has rebuilt its subject’s outline', async () => {
    const c = await courses();
    const me = await learner();
    await buySubjects(call, me.token, [c.subjects.maths.subject_id]);
    expect((await progress(me))[0]).toMatchObject({ topics_total: 3 });

    await admin.post('insertTopics', {
      topic_name: 'Halving',
      author: 'A',
      serial_no: 5,
      free_to_watch: '2',
      chapter_id: c.chapter.chapter_id,
    });

    const now = await eventually(
      () => progress(me),
      (p) => p[0]?.topics_total === 4,
    );
    expect(now[0]).toMatchObject({ topics_total: 4, first: lessonOf(c.chapter, c.topics.one) });
  });

  it('names the lessons in the language the read asks for, from the outline', async () => {
    const c = await courses();
    await admin.post('updateTopics', {
      ...c.topics.one,
      translations: { kn: { topic_name: 'ಎಣಿಕೆ' }, hi: { topic_name: 'गिनती' } },
    });
    await rebuildClassOutlines(c.cls.class_id as string);
    const me = await learner();
    await buySubjects(call, me.token, [c.subjects.maths.subject_id]);
    await watch(me, c.topics.one.topic_id, 'part');
    const inLanguage = async (lang: string) =>
      (await call('GET', `${LEARNER_DATA}/getCourseProgress?lang=${lang}`, { token: me.token }))
        .body.data[0];

    expect(await inLanguage('kn')).toMatchObject({
      last: { topic_id: c.topics.one.topic_id, topic_name: 'ಎಣಿಕೆ' },
      first: { topic_name: 'ಎಣಿಕೆ' },
    });
    expect((await inLanguage('hi')).last.topic_name).toBe('गिनती');
    expect((await inLanguage('en')).last.topic_name).toBe('Counting');
  });

  it('places a progress row saved before rows kept their subject by reading its topic', async () => {
    const c = await courses();
    const me = await learner();
    // A row as saveTopicProgress wrote it before issue 30: no subject, class or board.
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: `USER#${me.userId}`,
          sk: `PROGRESS#${c.artChapter.chapter_id}#${c.brush.topic_id}`,
          type: 'progress',
          topic_id: c.brush.topic_id,
          chapter_id: c.artChapter.chapter_id,
          position_seconds: 99,
          duration_seconds: 100,
          completed: true,
          updated_at: new Date().toISOString(),
        },
      }),
    );

    expect(await progress(me)).toEqual([
      expect.objectContaining({
        subject_id: c.subjects.art.subject_id,
        owned: false,
        topics_total: 1,
        topics_watched: 1,
        last: lessonOf(c.artChapter, c.brush),
      }),
    ]);
  });

  it('drops a deleted subject’s outline', async () => {
    const c = await courses();
    const extra = await admin.post('insertSubjects', {
      subject_name: unique('Music'),
      class_id: c.cls.class_id,
      price: 10,
    });
    const outline = () => getItem(outlineKey(extra.subject_id as string));
    expect(await eventually(outline, (o) => o !== undefined)).toMatchObject({
      subject_id: extra.subject_id,
      topics: [],
    });

    const res = await call('DELETE', `${ADMIN_DATA}/deleteSubjects/${extra.subject_id}`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);

    expect(await eventually(outline, (o) => o === undefined)).toBeUndefined();
  });
});

describe('getpayment_history as receipts', () => {
  it('names each paid subject’s class and board', async () => {
    const c = await courses();
    const me = await learner();
    const { order } = await buySubjects(call, me.token, [c.subjects.maths.subject_id]);

    const rows = (await call('GET', `${LEARNER_DATA}/getpayment_history`, { token: me.token })).body
      .data;

    expect(rows).toEqual([
      expect.objectContaining({
        order_id: order.order_id,
        payment_amount: 120,
        transaction_id: expect.any(String),
        paid_at: expect.any(String),
        subjects: [
          expect.objectContaining({
            subject_id: c.subjects.maths.subject_id,
            subject_name: c.subjects.maths.subject_name,
            subject_price: 120,
            class_name: 'Class 6',
            board_name: c.board.board_name,
          }),
        ],
      }),
    ]);
  });
});
