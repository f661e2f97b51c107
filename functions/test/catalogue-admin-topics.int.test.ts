import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api } from './api.ts';
import { ADMIN_DATA as A, catalogueLine } from './fixtures.ts';

const call = api();
let admin: string;

beforeAll(async () => {
  admin = await adminToken(call);
});

const post = (path: string, body: unknown, token = admin) =>
  call('POST', `${A}/${path}`, { body, token });
const get = (path: string, token = admin) => call('GET', `${A}/${path}`, { token });
const del = (path: string, token = admin) => call('DELETE', `${A}/${path}`, { token });
const chain = () => catalogueLine(async (route, body) => (await post(route, body)).body.data);

describe('topics and about-subject records', () => {
  it('applies the defaults and lists a chapter’s topics in serial order', async () => {
    const { chapter } = await chain();
    const first = (
      await post('insertTopics', {
        chapter_id: chapter.chapter_id,
        topic_name: 'First',
        author: 'Ravi',
      })
    ).body;
    expect(first.message).toBe('Topic added successfully.');
    expect(first.data).toMatchObject({
      status: 'Active',
      language: 'english',
      // Paid unless the admin makes it free (issue 28).
      free_to_watch: '2',
      serial_no: 1,
      chapter_name: chapter.chapter_name,
      topic_created_by: 'Admin',
    });
    await post('insertTopics', {
      chapter_id: chapter.chapter_id,
      topic_name: 'Zero',
      author: 'Ravi',
      serial_no: 0,
    });
    const second = (
      await post('insertTopics', {
        chapter_id: chapter.chapter_id,
        topic_name: 'Second',
        author: 'Ravi',
      })
    ).body.data;
    expect(second.serial_no).toBe(2);
    const list = await get(`getTopics?chapter_id=${chapter.chapter_id}`);
    expect(list.body.data.map((t: { topic_name: string }) => t.topic_name)).toEqual([
      'Zero',
      'First',
      'Second',
    ]);
    const bad = await post('insertTopics', {
      chapter_id: chapter.chapter_id,
      topic_name: 'X',
      author: 'Y',
      language: 'klingon',
    });
    expect(bad.status).toBe(400);
  });

  it('derives an about-subject record’s board, class and subject from its sub-subject', async () => {
    const { board, cls, subject, sub } = await chain();
    const res = await post('insertAboutSubjects', {
      sub_subject_id: sub.sub_subject_id,
      author: 'Asha',
      comments: 'Intro',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      board_id: board.board_id,
      class_id: cls.class_id,
      subject_id: subject.subject_id,
      status: 'Active',
      language: 'english',
      sub_subject_name: sub.sub_subject_name,
    });
    const bySubject = await get(`getAboutSubjects?subject_id=${subject.subject_id}`);
    expect(bySubject.body.data).toHaveLength(1);
    expect((await del(`deleteSubSubjects/${sub.sub_subject_id}`)).status).toBe(409);
    const removed = await del(`deleteAboutSubjects/${res.body.data.about_subject_id}`);
    expect(removed.body.message).toBe('About subject has been successfully deleted.');
  });

  it('fills every filtered about-subject page while its cursor says there is more', async () => {
    const ours = await chain();
    const other = await chain();
    const about = async (sub: { sub_subject_id: string }) =>
      (await post('insertAboutSubjects', { sub_subject_id: sub.sub_subject_id })).body.data
        .about_subject_id as string;
    const expected: string[] = [];
    // Interleaved with another subject's records, so a page of the whole list mixes them.
    for (let i = 0; i < 3; i++) {
      await about(other.sub);
      expected.push(await about(ours.sub));
    }
    for (const filter of [
      `subject_id=${ours.subject.subject_id}`,
      `class_id=${ours.cls.class_id}`,
    ]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await get(
          `getAboutSubjects?${filter}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status).toBe(200);
        cursor = page.body.next_cursor;
        if (cursor) expect(page.body.data).toHaveLength(2);
        seen.push(...page.body.data.map((r: { about_subject_id: string }) => r.about_subject_id));
      } while (cursor);
      expect(seen).toEqual(expected);
    }
  });

  it('stores testimonials and deletes them with the contract message', async () => {
    const res = await post('inserttestimonial', {
      name: 'Anil',
      designation: 'Parent',
      description: 'Great',
      image_url: '/media/public/images/a.png',
    });
    expect(res.status).toBe(201);
    const updated = await post('updatetestimonial', {
      ...res.body.data,
      description: 'Even better',
    });
    expect(updated.body.data.description).toBe('Even better');
    expect((await del(`deletetestimonial/${res.body.data.id}`)).body.message).toBe(
      'Testimonial has been successfully deleted.',
    );
  });
});
