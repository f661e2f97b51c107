import { beforeAll, describe, expect, it, inject } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { adminToken, api, newLearner, routePath, tableClient } from './api.ts';
import { ADMIN_DATA as A, LEARNER_DATA as L } from './fixtures.ts';

/** Findings 5, 13 (cursors, path escapes), 14 and 15 of the security review. */
const call = api();
const stack = inject('stack');
const db = tableClient();
let admin: string;
let learner: string;

const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const post = async (path: string, body: unknown) =>
  call('POST', `${A}/${path}`, { body, token: admin });
const data = async (path: string, body: unknown) => (await post(path, body)).body.data;

beforeAll(async () => {
  admin = await adminToken(call);
  learner = (await newLearner(call, 'Hard Learner')).token;
});

/** A board › class › subject › chapter chain with `chapters` chapters. */
async function chain(chapters = 1) {
  const board = await data('insertBoards', { board_name: unique('Board') });
  const cls = await data('insertClasses', {
    class_name: unique('Class'),
    board_id: board.board_id,
    price: 100,
  });
  const subject = await data('insertSubjects', {
    subject_name: 'Physics',
    class_id: cls.class_id,
    price: 0,
    free_course: true,
  });
  const chapterList = [];
  for (let i = 1; i <= chapters; i++) {
    chapterList.push(
      await data('insertChapters', {
        chapter_name: `Chapter ${i}`,
        subject_id: subject.subject_id,
        serial_no: i,
        description: 'd',
      }),
    );
  }
  return { board, cls, subject, chapters: chapterList };
}

const childCount = async (pk: string, sk: string) =>
  Number(
    (await db.send(new GetCommand({ TableName: stack.tableName, Key: { pk, sk } }))).Item
      ?.child_count ?? 0,
  );

describe('finding 5: one malformed media url never breaks a list', () => {
  it('refuses a media url that cannot be read back, and stores nothing', async () => {
    const { chapters } = await chain();
    const topicName = unique('bad url');
    for (const video_url of [
      '/media/private/videos/100%-revision.mp4',
      'javascript:alert(1)',
      'http://example.com/v.mp4',
    ]) {
      const res = await post('insertTopics', {
        chapter_id: chapters[0].chapter_id,
        topic_name: topicName,
        author: 'a',
        video_url,
      });
      expect(res.status, video_url).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Media must be an uploaded file (a /media/ link) or an https:// link.',
        details: [{ field: 'video_url' }],
      });
    }
    const list = await call('GET', `${A}/getTopics?chapter_id=${chapters[0].chapter_id}`, {
      token: admin,
    });
    expect(list.body.data).toEqual([]);
  });

  it('answers 200 on the public topic lists, the class page and the admin list with a bad record stored', async () => {
    const { cls, chapters } = await chain();
    const chapter_id = chapters[0].chapter_id;
    const good = await data('insertTopics', {
      chapter_id,
      topic_name: 'Good',
      author: 'a',
      video_url: '/media/private/videos/good.mp4',
      serial_no: 1,
    });
    const bad = await data('insertTopics', { chapter_id, topic_name: 'Bad', author: 'a' });
    // Written straight into the table, as data saved before the write check would be.
    await db.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { pk: `TOPIC#${bad.topic_id}`, sk: 'TOPIC' },
        UpdateExpression: 'SET video_url = :v, notes_url = :n',
        ExpressionAttributeValues: {
          ':v': '/media/private/videos/100%-revision.mp4',
          ':n': '/media/%',
        },
      }),
    );

    const byChapter = await call('GET', `${L}/getTopics?chapter_id=${chapter_id}`);
    expect(byChapter.status).toBe(200);
    const shown = Object.fromEntries(
      byChapter.body.data.map((t: { topic_name: string; video_url: string | null }) => [
        t.topic_name,
        t.video_url,
      ]),
    );
    expect(shown.Bad).toBeNull();
    expect(shown.Good).toMatch(/X-Amz-Signature=/);

    expect((await call('GET', `${L}/getTopics?limit=1000`)).status).toBe(200);

    const detail = await call('GET', `${L}/getClasses_Byid/${cls.class_id}`);
    expect(detail.status).toBe(200);
    const topics = detail.body.data.subjects[0].topics;
    expect(topics.find((t: { topic_id: string }) => t.topic_id === bad.topic_id).video_url).toBe(
      null,
    );
    expect(
      topics.find((t: { topic_id: string }) => t.topic_id === good.topic_id).video_url,
    ).toMatch(/X-Amz-Signature=/);

    const adminList = await call('GET', `${A}/getTopics?chapter_id=${chapter_id}`, {
      token: admin,
    });
    expect(adminList.status).toBe(200);
    expect(adminList.body.data).toHaveLength(2);

    // The admin can repair it: an update with a good url is accepted.
    const repaired = await post('updateTopics', {
      topic_id: bad.topic_id,
      chapter_id,
      topic_name: 'Bad',
      author: 'a',
      video_url: '/media/private/videos/fixed.mp4',
      notes_url: '',
    });
    expect(repaired.status).toBe(200);
  });

  it('stores a signed url handed out by the admin list without its signature', async () => {
    const { chapters } = await chain();
    const topic = await data('insertTopics', {
      chapter_id: chapters[0].chapter_id,
      topic_name: 'Signed',
      author: 'a',
      video_url: '/media/private/videos/v.mp4',
    });
    expect(topic.video_url).toMatch(/X-Amz-Signature=/);
    await post('updateTopics', { ...topic, video_url: topic.video_url });
    const stored = await db.send(
      new GetCommand({
        TableName: stack.tableName,
        Key: { pk: `TOPIC#${topic.topic_id}`, sk: 'TOPIC' },
      }),
    );
    expect(stored.Item?.video_url).toBe('/media/private/videos/v.mp4');
  });
});

describe('finding 13: crafted cursors and malformed path escapes are 4xx', () => {
  it('refuses crafted cursors with 400 on public and admin lists', async () => {
    const crafted = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const cursors = [
      crafted({ foo: 'bar' }),
      crafted({ pk: 'BOARD#x', sk: 'BOARD', gsi1pk: 'CLASSES', gsi1sk: 'x' }),
      crafted({ pk: 'x'.repeat(3000), sk: 'BOARD', gsi1pk: 'BOARDS', gsi1sk: 'x' }),
      'not-json',
    ];
    for (const cursor of cursors) {
      for (const [path, token] of [
        [`${L}/getBoards`, undefined],
        [`${L}/getTopics`, undefined],
        [`${L}/gettestimonial`, learner],
        [`${A}/getClasses`, admin],
        [routePath('admin.getAdmins'), admin],
      ] as const) {
        const res = await call('GET', `${path}?cursor=${encodeURIComponent(cursor)}`, { token });
        expect(res.status, `${path} ${cursor.slice(0, 30)}`).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
        // "Invalid cursor.", or the page schema's refusal of the cursor field.
        expect(JSON.stringify(res.body)).toMatch(/cursor/i);
      }
    }
  });

  it('still pages with the cursors it hands out', async () => {
    await chain();
    await chain();
    const first = await call('GET', `${L}/getBoards?limit=1`);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await call('GET', `${L}/getBoards?limit=1&cursor=${first.body.next_cursor}`);
    expect(second.status).toBe(200);
    expect(second.body.data[0].board_id).not.toBe(first.body.data[0].board_id);
  });

  it('answers 404 for malformed % escapes and oversized ids in paths', async () => {
    for (const path of [
      `${L}/getClasses_Byid/%E0%A4%A`,
      `${L}/getClasses_Byid/%`,
      `${A}/deleteBoards/%ZZ`,
      `${A}/deleteBoards/${'x'.repeat(2100)}`,
    ]) {
      const res = await call(path.includes('delete') ? 'DELETE' : 'GET', path, { token: admin });
      expect(res.status, path.slice(0, 60)).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });
});

describe('finding 14: concurrent moves of one child', () => {
  it('keeps the old parent’s count right when one topic is moved to two chapters at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { chapters } = await chain(3);
      const [c1, c2, c3] = chapters;
      const topic = (name: string) =>
        data('insertTopics', { chapter_id: c1.chapter_id, topic_name: name, author: 'a' });
      const mover = await topic('mover');
      await topic('sibling');
      const move = (chapter_id: string) =>
        post('updateTopics', { ...mover, chapter_id, video_url: '', notes_url: '' });
      const answers = await Promise.all([move(c2.chapter_id), move(c3.chapter_id)]);
      for (const a of answers) expect([200, 409]).toContain(a.status);

      const count = (c: { chapter_id: string }) => childCount(`CHAPTER#${c.chapter_id}`, 'CHAPTER');
      expect(await count(c1)).toBe(1);
      expect((await count(c2)) + (await count(c3))).toBe(1);
      // The sibling still hangs off c1, so c1 cannot be deleted.
      const refused = await call('DELETE', `${A}/deleteChapters/${c1.chapter_id}`, {
        token: admin,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'Please delete subject details associated with this chapter first.',
      );
      // The chapter the mover did not end in has no child and can be deleted.
      const where = (
        await db.send(
          new GetCommand({
            TableName: stack.tableName,
            Key: { pk: `TOPIC#${mover.topic_id}`, sk: 'TOPIC' },
          }),
        )
      ).Item?.chapter_id;
      const empty = where === c2.chapter_id ? c3 : c2;
      expect(
        (await call('DELETE', `${A}/deleteChapters/${empty.chapter_id}`, { token: admin })).status,
      ).toBe(200);
    }
  });

  it('refuses to delete a chapter whose count went wrong instead of taking a negative count for none', async () => {
    const { chapters } = await chain();
    await db.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { pk: `CHAPTER#${chapters[0].chapter_id}`, sk: 'CHAPTER' },
        UpdateExpression: 'SET child_count = :n',
        ExpressionAttributeValues: { ':n': -1 },
      }),
    );
    const res = await call('DELETE', `${A}/deleteChapters/${chapters[0].chapter_id}`, {
      token: admin,
    });
    expect(res.status).toBe(409);
  });
});

describe('finding 15: public catalogue responses carry no admin names', () => {
  it('strips every *_created_by from the public lists and the class page', async () => {
    const { board, cls, subject, chapters } = await chain();
    const sub = await data('insertSubSubjects', {
      sub_subject_name: 'Optics',
      subject_id: subject.subject_id,
      price: 0,
    });
    await data('insertTopics', {
      chapter_id: chapters[0].chapter_id,
      topic_name: 'T',
      author: 'a',
    });
    // The admin list still shows who created a record.
    const adminTopics = await call('GET', `${A}/getTopics?chapter_id=${chapters[0].chapter_id}`, {
      token: admin,
    });
    expect(adminTopics.body.data[0].topic_created_by).toEqual(expect.any(String));

    const publicAnswers = [
      await call('GET', `${L}/getBoards?limit=1000`),
      await call('GET', `${L}/getClasses?board_id=${board.board_id}`),
      await call('GET', `${L}/getSubjects?class_id=${cls.class_id}`),
      await call('GET', `${L}/getSubjects?subject_id=${subject.subject_id}`),
      await call('GET', `${L}/getSubSubjects?subject_id=${subject.subject_id}`),
      await call('GET', `${L}/getChapters?sub_subject_id=${sub.sub_subject_id}`),
      await call('GET', `${L}/getChapters`),
      await call('GET', `${L}/getTopics?chapter_id=${chapters[0].chapter_id}`, { token: learner }),
      await call('GET', `${L}/getClasses_Byid/${cls.class_id}`),
      await call('GET', `${L}/gettestimonial`),
    ];
    for (const res of publicAnswers) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/created_by/);
    }
  });
});
