import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, newLearner } from './api.ts';
import { ADMIN_DATA as A, catalogueLine, unique } from './fixtures.ts';

const call = api();
let admin: string;
let learner: string;

beforeAll(async () => {
  admin = await adminToken(call);
  learner = (await newLearner(call, 'Cat Learner')).token;
});

const post = (path: string, body: unknown, token = admin) =>
  call('POST', `${A}/${path}`, { body, token });
const get = (path: string, token = admin) => call('GET', `${A}/${path}`, { token });
const del = (path: string, token = admin) => call('DELETE', `${A}/${path}`, { token });
const chain = () => catalogueLine(async (route, body) => (await post(route, body)).body.data);

describe('boards', () => {
  it('adds a board with server-set id, creator and date, and lists it', async () => {
    const name = unique('CBSE');
    const res = await post('insertBoards', {
      board_name: `  ${name} `,
      free_course: '1',
      created_at: '1999-01-01',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Board added successfully.');
    expect(res.body.data).toMatchObject({
      board_name: name,
      free_course: true,
      board_created_by: 'Admin',
    });
    expect(res.body.data.created_at).not.toBe('1999-01-01');
    const list = await get('getBoards?limit=1000');
    expect(list.body.data.map((b: { board_id: string }) => b.board_id)).toContain(
      res.body.data.board_id,
    );
  });

  it('requires a name', async () => {
    const res = await post('insertBoards', { board_name: '   ' });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Board Name is required.', code: 'VALIDATION_FAILED' },
    });
  });

  it('keeps board names unique ignoring case, also against the board being renamed', async () => {
    const name = unique('ICSE');
    const first = await post('insertBoards', { board_name: name });
    const dup = await post('insertBoards', { board_name: name.toUpperCase() });
    expect(dup).toMatchObject({
      status: 409,
      body: { message: 'This board name already exists.' },
    });
    const other = (await post('insertBoards', { board_name: unique('SSLC') })).body.data;
    const rename = await post('updateBoards', {
      board_id: other.board_id,
      board_name: name.toLowerCase(),
    });
    expect(rename.status).toBe(409);
    const same = await post('updateBoards', {
      board_id: first.body.data.board_id,
      board_name: name.toLowerCase(),
    });
    expect(same).toMatchObject({ status: 200, body: { message: 'Board updated successfully.' } });
  });

  it('lets exactly one of many concurrent inserts of one name through', async () => {
    const name = unique('PUC');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post('insertBoards', { board_name: name })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it('answers 404 when updating or deleting an unknown board', async () => {
    expect((await post('updateBoards', { board_id: 'nope', board_name: unique('X') })).status).toBe(
      404,
    );
    expect((await del('deleteBoards/nope')).status).toBe(404);
  });

  it('pages with limit and cursor', async () => {
    await post('insertBoards', { board_name: unique('Page') });
    await post('insertBoards', { board_name: unique('Page') });
    const first = await get('getBoards?limit=1');
    expect(first.body.data).toHaveLength(1);
    const second = await get(
      `getBoards?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(second.body.data[0].board_id).not.toBe(first.body.data[0].board_id);
  });

  it('is closed to learners', async () => {
    expect((await get('getBoards', learner)).status).toBe(403);
    expect((await post('insertBoards', { board_name: unique('L') }, learner)).status).toBe(403);
  });
});

describe('the hierarchy', () => {
  it('shows parent names on children, and the current name after a rename', async () => {
    const { board, cls, subject, sub, chapter } = await chain();
    expect(cls).toMatchObject({
      board_name: board.board_name,
      class_price: 499,
      class_created_by: 'Admin',
    });
    expect(subject).toMatchObject({
      class_name: cls.class_name,
      board_name: board.board_name,
      subject_price: 199,
    });
    expect(sub).toMatchObject({ subject_name: subject.subject_name, sub_subject_price: 99 });
    expect(chapter).toMatchObject({
      sub_subject_name: sub.sub_subject_name,
      chapter_description: 'Linear equations',
    });

    const renamed = unique('Renamed');
    await post('updateBoards', { board_id: board.board_id, board_name: renamed });
    const classes = await get(`getClasses?board_id=${board.board_id}`);
    expect(classes.body.data).toEqual([
      expect.objectContaining({ class_id: cls.class_id, board_name: renamed }),
    ]);
    const subjects = await get(`getSubjects?class_id=${cls.class_id}`);
    expect(subjects.body.data[0].board_name).toBe(renamed);
  });

  it('carries a moved class to its new board everywhere below it', async () => {
    const { cls, subject, chapter } = await chain();
    const newBoard = (await post('insertBoards', { board_name: unique('NewBoard') })).body.data;
    const moved = await post('updateClasses', {
      class_id: cls.class_id,
      class_name: cls.class_name,
      board_id: newBoard.board_id,
      price: 10,
    });
    expect(moved.body.data.board_name).toBe(newBoard.board_name);
    const subjects = await get(`getSubjects?class_id=${cls.class_id}`);
    expect(subjects.body.data[0]).toMatchObject({
      subject_id: subject.subject_id,
      board_name: newBoard.board_name,
    });
    const chapters = await get(`getChapters?sub_subject_id=${chapter.sub_subject_id}`);
    expect(chapters.body.data[0].board_name).toBe(newBoard.board_name);
  });

  it('refuses a child whose parent does not exist, on insert and on update', async () => {
    const res = await post('insertClasses', {
      class_name: 'Orphan',
      board_id: 'missing',
      price: 1,
    });
    expect(res.status).toBe(400);
    const { cls } = await chain();
    const upd = await post('updateClasses', {
      class_id: cls.class_id,
      class_name: 'x',
      board_id: 'missing',
      price: 1,
    });
    expect(upd.status).toBe(400);
  });

  it('asks for every required field with the contract message', async () => {
    expect((await post('insertClasses', { class_name: 'A', price: 1 })).body.message).toBe(
      'All fields are required.',
    );
    expect((await post('insertSubjects', { subject_name: 'A', class_id: 'x' })).body.message).toBe(
      'All fields are required.',
    );
    expect(
      (await post('insertChapters', { chapter_name: 'A', subject_id: 'x', serial_no: 1 })).body
        .message,
    ).toBe('All fields are required.');
    expect((await post('insertTopics', { topic_name: 'A' })).body.message).toBe(
      'Chapter, topic name and author are required.',
    );
    expect((await post('inserttestimonial', { name: 'A', description: 'B' })).body.message).toBe(
      'All fields are required.',
    );
    const badPrice = await post('insertClasses', { class_name: 'A', board_id: 'x', price: 'abc' });
    expect(badPrice.status).toBe(400);
    const tooHigh = await post('insertClasses', { class_name: 'A', board_id: 'x', price: 1000001 });
    expect(tooHigh.status).toBe(400);
  });

  it('refuses deletes while children exist, with each level’s message, and deletes nothing', async () => {
    const { board, cls, subject, sub, chapter } = await chain();
    await post('insertTopics', { chapter_id: chapter.chapter_id, topic_name: 'T', author: 'A' });
    const cases: [string, string][] = [
      [
        `deleteBoards/${board.board_id}`,
        'Please delete all the classes associated with this board first.',
      ],
      [
        `deleteClasses/${cls.class_id}`,
        'Please delete all subjects associated with this class first.',
      ],
      [
        `deleteSubjects/${subject.subject_id}`,
        'Please delete all sub-subjects associated with this subject first.',
      ],
      [
        `deleteSubSubjects/${sub.sub_subject_id}`,
        'Please delete subject details associated with this sub subject first.',
      ],
      [
        `deleteChapters/${chapter.chapter_id}`,
        'Please delete subject details associated with this chapter first.',
      ],
    ];
    for (const [path, message] of cases) {
      expect(await del(path)).toMatchObject({ status: 409, body: { message, code: 'CONFLICT' } });
    }
    expect((await get(`getClasses?board_id=${board.board_id}`)).body.data).toHaveLength(1);
  });

  it('deletes from the bottom up with the contract messages', async () => {
    const { board, cls, subject, sub, chapter } = await chain();
    const topic = (
      await post('insertTopics', { chapter_id: chapter.chapter_id, topic_name: 'T', author: 'A' })
    ).body.data;
    expect((await del(`deleteTopics/${topic.topic_id}`)).body.message).toBe(
      'Topic successfully deleted.',
    );
    expect((await del(`deleteChapters/${chapter.chapter_id}`)).body.message).toBe(
      'Chapter successfully deleted.',
    );
    expect((await del(`deleteSubSubjects/${sub.sub_subject_id}`)).body.message).toBe(
      'Sub Subject successfully deleted.',
    );
    expect((await del(`deleteSubjects/${subject.subject_id}`)).body.message).toBe(
      'Subject successfully deleted.',
    );
    expect((await del(`deleteClasses/${cls.class_id}`)).body.message).toBe(
      'Class successfully deleted.',
    );
    expect((await del(`deleteBoards/${board.board_id}`)).body.message).toBe(
      'Board successfully deleted.',
    );
    // The name is free again.
    expect((await post('insertBoards', { board_name: board.board_name })).status).toBe(201);
  });

  it('never leaves an orphan when a parent is deleted while a child is added', async () => {
    for (let round = 0; round < 5; round++) {
      const board = (await post('insertBoards', { board_name: unique('Race') })).body.data;
      const [removed, added] = await Promise.all([
        del(`deleteBoards/${board.board_id}`),
        post('insertClasses', { class_name: 'Racer', board_id: board.board_id, price: 1 }),
      ]);
      const classes = (await get(`getClasses?board_id=${board.board_id}`)).body.data;
      if (removed.status === 200) {
        expect(added.status).toBeGreaterThanOrEqual(400);
        expect(classes).toHaveLength(0);
      } else {
        expect(removed.status).toBe(409);
        expect(added.status).toBe(201);
        expect(classes).toHaveLength(1);
      }
    }
  });
});
