import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { subjectOutline } = await import('./outline.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);

const subject = {
  pk: 'SUBJECT#s1',
  sk: 'SUBJECT',
  type: 'subject',
  subject_id: 's1',
  subject_name: 'Physics',
  class_id: 'c1',
  board_id: 'b1',
  subject_price: 499,
  subject_image_url: '',
  free_course: false,
  subject_created_by: 'Admin Name',
  subject_created_date: '2026-01-01',
};

const topic = (id: string, fields: Record<string, unknown>) => ({
  type: 'topic',
  topic_id: id,
  topic_name: `Topic ${id}`,
  topic_description: '',
  board_id: 'b1',
  class_id: 'c1',
  subject_id: 's1',
  sub_subject_id: 'ss1',
  chapter_id: 'ch1',
  video_url: `/media/private/${id}.mp4`,
  notes_url: '',
  image_url: '',
  author: 'Asha Rao',
  status: 'Active',
  language: 'english',
  free_to_watch: '2',
  serial_no: 1,
  created_date: '2026-01-01',
  ...fields,
});

/** Stored records the BatchGet answers from, by `pk`. */
const stored: Record<string, Record<string, unknown>> = {
  'CLASS#c1': {
    pk: 'CLASS#c1',
    sk: 'CLASS',
    type: 'class',
    class_id: 'c1',
    class_name: 'Class 9',
    free_course: false,
  },
  'BOARD#b1': {
    pk: 'BOARD#b1',
    sk: 'BOARD',
    type: 'board',
    board_id: 'b1',
    board_name: 'CBSE',
    free_course: false,
  },
  'SUBSUBJECT#ss1': {
    pk: 'SUBSUBJECT#ss1',
    sk: 'SUBSUBJECT',
    type: 'sub-subject',
    sub_subject_id: 'ss1',
    sub_subject_name: 'Mechanics',
  },
  'CHAPTER#ch1': {
    pk: 'CHAPTER#ch1',
    sk: 'CHAPTER',
    type: 'chapter',
    chapter_id: 'ch1',
    chapter_name: 'Motion',
    sub_subject_id: 'ss1',
    serial_no: 2,
  },
  'CHAPTER#ch0': {
    pk: 'CHAPTER#ch0',
    sk: 'CHAPTER',
    type: 'chapter',
    chapter_id: 'ch0',
    chapter_name: 'Units',
    sub_subject_id: 'ss1',
    serial_no: 1,
  },
  'CHAPTER#ch9': {
    pk: 'CHAPTER#ch9',
    sk: 'CHAPTER',
    type: 'chapter',
    chapter_id: 'ch9',
    chapter_name: 'Revision',
    sub_subject_id: '',
    serial_no: 1,
  },
  'SUBJECT#s1/RATING': { pk: 'SUBJECT#s1', sk: 'RATING', rating_sum: 9, rating_count: 2 },
};

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(GetCommand).resolves({ Item: subject });
  ddbMock.on(QueryCommand).resolves({
    Items: [
      topic('t2', { serial_no: 2, duration_seconds: 90 }),
      topic('t1', { serial_no: 1, free_to_watch: '1', duration_seconds: 30, author: 'Asha Rao' }),
      topic('t3', { serial_no: 3, status: 'Inactive', duration_seconds: 600 }),
      topic('t4', { chapter_id: 'ch0', author: 'Vikram Sen' }),
      topic('t5', { chapter_id: 'ch9', sub_subject_id: '', duration_seconds: 15 }),
    ],
  });
  ddbMock
    .on(BatchGetCommand)
    .callsFake(
      (input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => {
        const [table, { Keys }] = Object.entries(input.RequestItems)[0]!;
        const items = Keys.flatMap((k) => {
          const item = stored[k.sk === 'RATING' ? `${k.pk}/RATING` : k.pk];
          if (item) return [item];
          // The learner's grant of s1.
          if (k.pk.startsWith('USER#owner') && k.sk.includes('s1'))
            return [{ ...k, type: 'grant', subject_id: 's1' }];
          return [];
        });
        return { Responses: { [table]: items } };
      },
    );
});

describe("a subject's outline", () => {
  it('groups the Active topics by sub-subject and chapter in serial order, in three requests', async () => {
    const outline = await subjectOutline('s1');

    expect(
      outline.sub_subjects.map((g) => [g.sub_subject_name, g.chapters.map((c) => c.chapter_name)]),
    ).toEqual([
      ['Mechanics', ['Units', 'Motion']],
      ['', ['Revision']],
    ]);
    const motion = outline.sub_subjects[0]!.chapters[1]!;
    expect(motion.topics.map((t) => t.topic_id)).toEqual(['t1', 't2']);
    expect(outline.lesson_count).toBe(4);
    expect(outline.duration_seconds).toBe(30 + 90 + 15);
    expect(outline.sub_subjects[0]!.chapters[0]!.topics[0]!.duration_seconds).toBeNull();
    expect(outline.authors).toEqual(['Asha Rao', 'Vikram Sen']);
    expect(outline.subject).toMatchObject({
      subject_name: 'Physics',
      class_name: 'Class 9',
      board_name: 'CBSE',
      subject_price: 499,
      free_course: false,
      rating: { average_rating: 4.5, review_count: 2 },
    });
    expect(outline.subject).not.toHaveProperty('subject_created_by');
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(1);
  });

  it('signs only the free topic for a visitor and locks the paid ones', async () => {
    const outline = await subjectOutline('s1');
    const [free, paid] = outline.sub_subjects[0]!.chapters[1]!.topics;
    expect(free).toMatchObject({ topic_id: 't1', locked: false, free_to_watch: '1' });
    expect(free!.video_url).toContain('t1.mp4');
    expect(paid).toMatchObject({ topic_id: 't2', locked: true, video_url: null });
  });

  it('is the same for everyone: it reads no grant, so an owned topic stays locked here', async () => {
    const outline = await subjectOutline('s1');
    const keys = ddbMock
      .commandCalls(BatchGetCommand)
      .flatMap((c) =>
        Object.values(c.args[0].input.RequestItems ?? {}).flatMap((r) => r.Keys ?? []),
      );
    expect(keys.some((k) => String(k.pk).startsWith('USER#'))).toBe(false);
    const paid = outline.sub_subjects[0]!.chapters[1]!.topics[1]!;
    expect(paid).toMatchObject({ locked: true, video_url: null, video_hls_url: null });
  });

  it('answers 404 with the contract message for an unknown subject', async () => {
    ddbMock.on(GetCommand).resolves({});
    await expect(subjectOutline('nope')).rejects.toMatchObject({
      status: 404,
      message: 'Subject not found.',
    });
  });
});
