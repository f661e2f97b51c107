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
const { lessonOf } = await import('./lesson.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);

const topic = (id: string, fields: Record<string, unknown> = {}) => ({
  pk: `TOPIC#${id}`,
  sk: 'TOPIC',
  type: 'topic',
  topic_id: id,
  topic_name: `Topic ${id}`,
  topic_description: '',
  board_id: 'b1',
  class_id: 'c1',
  subject_id: 's1',
  sub_subject_id: 'ss1',
  chapter_id: 'ch1',
  video_url: `/media/private/videos/${id}.mp4`,
  notes_url: `/media/private/notes/${id}.pdf`,
  image_url: '',
  author: 'Asha Rao',
  status: 'Active',
  language: 'english',
  free_to_watch: '2',
  serial_no: 1,
  comments: 'back office only',
  topic_created_by: 'Admin Name',
  created_date: '2026-01-01',
  ...fields,
});

/** The chapter's topics (gsi1), in serial order. */
const chapterTopics = [
  topic('t1', { serial_no: 1, free_to_watch: '1', duration_seconds: 30 }),
  topic('t2', { serial_no: 2, duration_seconds: 90 }),
  topic('t3', { serial_no: 3, status: 'Inactive' }),
];

/** Stored records the BatchGet answers from, by `pk`. */
const stored: Record<string, Record<string, unknown>> = {
  'CHAPTER#ch1': {
    pk: 'CHAPTER#ch1',
    sk: 'CHAPTER',
    type: 'chapter',
    chapter_id: 'ch1',
    chapter_name: 'Motion',
  },
  'SUBJECT#s1': {
    pk: 'SUBJECT#s1',
    sk: 'SUBJECT',
    type: 'subject',
    subject_id: 's1',
    subject_name: 'Physics',
    free_course: false,
  },
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
};

const owner = { pool: 'learner', userId: 'owner-1' } as never;

const watchedT1 = {
  type: 'progress',
  topic_id: 't1',
  chapter_id: 'ch1',
  position_seconds: 30,
  duration_seconds: 30,
  completed: true,
  updated_at: '2026-11-27T10:00:00.000Z',
};
const visitor = { pool: 'learner', userId: 'visitor-1' } as never;

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(GetCommand).callsFake(async (input: { Key: { pk: string } }) => ({
    Item: chapterTopics.find((t) => t.pk === input.Key.pk),
  }));
  // The chapter's topics (gsi1).
  ddbMock.on(QueryCommand).resolves({ Items: chapterTopics });
  ddbMock
    .on(BatchGetCommand)
    .callsFake(
      async (input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => {
        const [table, { Keys }] = Object.entries(input.RequestItems)[0]!;
        const items = Keys.flatMap((k) => {
          const item = stored[k.pk];
          if (item) return [item];
          if (k.pk === 'USER#owner-1' && k.sk === 'GRANT#s1')
            return [{ ...k, type: 'grant', subject_id: 's1' }];
          // The owner's progress in the chapter: one topic watched to the end.
          if (k.pk === 'USER#owner-1' && k.sk === 'PROGRESS#ch1#t1')
            return [{ ...k, ...watchedT1 }];
          return [];
        });
        return { Responses: { [table]: items } };
      },
    );
});

describe('the lesson read (getLesson)', () => {
  it("gives an owner the topic with its notes and video, the chapter's Active topics with progress, in three requests", async () => {
    const lesson = await lessonOf('t2', owner);

    expect(lesson.access).toEqual({ status: 'owned', signed_in: true });
    expect(lesson.topic).toMatchObject({
      topic_id: 't2',
      locked: false,
      chapter_name: 'Motion',
      subject_name: 'Physics',
      board_name: 'CBSE',
      free_course: false,
    });
    expect(lesson.topic.notes_url).toContain('t2.pdf');
    expect(lesson.topic).not.toHaveProperty('comments');
    expect(lesson.topic).not.toHaveProperty('topic_created_by');
    expect(lesson.video.mp4_url).toContain('t2.mp4');
    expect(lesson.chapter.chapter_name).toBe('Motion');
    expect(lesson.chapter.topics.map((t) => [t.topic_id, t.locked, t.progress?.completed])).toEqual(
      [
        ['t1', false, true],
        ['t2', false, undefined],
      ],
    );
    expect(lesson.chapter.topics[1]).toMatchObject({ duration_seconds: 90, progress: null });
    expect(lesson.chapter.topics[0]?.progress).toEqual({
      position_seconds: 30,
      duration_seconds: 30,
      completed: true,
      updated_at: '2026-11-27T10:00:00.000Z',
    });
    // The topic; the chapter's topics; one BatchGet of the ancestors, the grant and the
    // progress of each Active topic of the chapter (never of the inactive t3).
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(1);
    const batches = ddbMock.commandCalls(BatchGetCommand);
    expect(batches).toHaveLength(1);
    const read = Object.values(batches[0]!.args[0].input.RequestItems ?? {})[0]?.Keys ?? [];
    expect(read.filter((k) => String(k.sk).startsWith('PROGRESS#'))).toEqual([
      { pk: 'USER#owner-1', sk: 'PROGRESS#ch1#t1' },
      { pk: 'USER#owner-1', sk: 'PROGRESS#ch1#t2' },
    ]);
  });

  it('shows a learner who has not bought the course a paid topic locked, with no private URL', async () => {
    const lesson = await lessonOf('t2', visitor);

    expect(lesson.access).toEqual({ status: 'locked', signed_in: true });
    expect(lesson.topic).toMatchObject({ locked: true, video_url: null, notes_url: null });
    expect(lesson.video).toMatchObject({
      hls_url: null,
      poster_url: null,
      mp4_url: null,
      captions: [],
    });
    expect(lesson.chapter.topics.map((t) => t.locked)).toEqual([false, true]);
  });

  it('opens a free preview to the same learner', async () => {
    const lesson = await lessonOf('t1', visitor);

    expect(lesson.access.status).toBe('free');
    expect(lesson.video.mp4_url).toContain('t1.mp4');
  });

  it('gives a signed-out visitor the lock without reading any progress', async () => {
    const lesson = await lessonOf('t2', undefined);

    expect(lesson.access).toEqual({ status: 'locked', signed_in: false });
    expect(lesson.topic.video_url).toBeNull();
    expect(lesson.chapter.topics.every((t) => t.progress === null)).toBe(true);
    const read = ddbMock
      .commandCalls(BatchGetCommand)
      .flatMap((c) => Object.values(c.args[0].input.RequestItems ?? {})[0]?.Keys ?? []);
    expect(read.filter((k) => String(k.pk).startsWith('USER#'))).toEqual([]);
  });

  it('answers 404 for an unknown or inactive topic', async () => {
    await expect(lessonOf('nope', owner)).rejects.toMatchObject({
      status: 404,
      message: 'Topic not found.',
    });
    await expect(lessonOf('t3', owner)).rejects.toMatchObject({ status: 404 });
  });
});
