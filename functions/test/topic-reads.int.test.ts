import { beforeAll, describe, expect, it, inject } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ROUTES, type RouteDef } from '@gia/shared';
import { api, routePath, tableClient } from './api.ts';
import { signedInAdmin, smallCatalogue, unique, type SmallCatalogue } from './fixtures.ts';

/**
 * Every public read of a topic carries its video's state (docs/api.md §8a, issue 28): the class
 * detail and the subject outline once left out `video_status` and `video_renditions`.
 */
const call = api();
const stack = inject('stack');
const db = tableClient();
const admin = signedInAdmin(call);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = any;
type Catalogue = SmallCatalogue<'physics', 'free' | 'paid'>;

const RENDITIONS = [
  { height: 234, bitrate_kbps: 300, bytes: 40_000 },
  { height: 360, bitrate_kbps: 800, bytes: 90_000 },
];

/** Marks a topic's video transcoded, as the pipeline does when its job completes. */
const markReady = (topicId: string) =>
  db.send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: { pk: `TOPIC#${topicId}`, sk: 'TOPIC' },
      UpdateExpression: 'SET video_status = :s, video_duration_seconds = :d, video_renditions = :r',
      ExpressionAttributeValues: { ':s': 'ready', ':d': 42, ':r': RENDITIONS },
    }),
  );

/**
 * A request for every public catalogue read, and whether it lists topics. A new public read
 * must be added here (the test checks the route table), so it cannot leave the fields out.
 */
const READS: Record<
  string,
  { path: (c: Catalogue) => string; topics: boolean; topicsOf?: (data: Rec) => Rec[] }
> = {
  'catalogue.getBoards': { path: () => routePath('catalogue.getBoards'), topics: false },
  'catalogue.getClasses': {
    path: (c) => routePath('catalogue.getClasses', {}, { board_id: c.board.board_id }),
    topics: false,
  },
  'catalogue.getClassById': {
    path: (c) => routePath('catalogue.getClassById', { classId: c.cls.class_id }),
    topics: true,
  },
  'catalogue.getSubjects': {
    path: (c) => routePath('catalogue.getSubjects', {}, { class_id: c.cls.class_id }),
    topics: false,
  },
  'catalogue.getSubSubjects': {
    path: (c) =>
      routePath('catalogue.getSubSubjects', {}, { subject_id: c.subjects.physics.subject_id }),
    topics: false,
  },
  'catalogue.getChapters': {
    path: () => routePath('catalogue.getChapters'),
    topics: false,
  },
  'catalogue.getTopics': {
    path: (c) => routePath('catalogue.getTopics', {}, { chapter_id: c.chapter.chapter_id }),
    topics: true,
  },
  'catalogue.gettestimonial': { path: () => routePath('catalogue.gettestimonial'), topics: false },
  'catalogue.getSubjectOutline': {
    path: (c) =>
      routePath('catalogue.getSubjectOutline', { subjectId: c.subjects.physics.subject_id }),
    topics: true,
  },
  'catalogue.getLesson': {
    path: (c) => routePath('catalogue.getLesson', {}, { topic_id: c.topics.paid.topic_id }),
    topics: true,
    // The lesson's own topic; its chapter's list is the curriculum's (no media, no video state).
    topicsOf: (data) => [data.topic],
  },
};

/** Every object in an answer that is a topic (it has a `topic_id` and a `topic_name`). */
function topicsIn(value: unknown): Rec[] {
  if (Array.isArray(value)) return value.flatMap(topicsIn);
  if (!value || typeof value !== 'object') return [];
  const own = 'topic_id' in value && 'topic_name' in value ? [value] : [];
  return [...own, ...Object.values(value).flatMap(topicsIn)];
}

describe('every public read of a topic', () => {
  let cat: Catalogue;

  beforeAll(async () => {
    cat = await smallCatalogue(admin.post, {
      board: 'Topic Reads Board',
      class: { class_name: unique('Class'), price: 100 },
      subjects: { physics: { subject_name: unique('Physics'), price: 80 } },
      chapter: { of: 'physics', chapter_name: 'Waves', serial_no: 1, description: 'd' },
      topics: {
        free: {
          topic_name: 'Sound',
          author: 'A',
          free_to_watch: '1',
          video_url: '/media/private/videos/01TOPICREADSFREE-sound.mp4',
        },
        paid: {
          topic_name: 'Light',
          author: 'A',
          free_to_watch: '2',
          video_url: '/media/private/videos/01TOPICREADSPAID-light.mp4',
        },
      },
    });
    await markReady(cat.topics.free.topic_id);
    await markReady(cat.topics.paid.topic_id);
  });

  it('is listed here, so none is left unchecked', () => {
    // The edge-cached reads, and the lesson's own read (public too, but personal: never cached).
    const publicReads = ROUTES.filter(
      (r: RouteDef) => r.group === 'catalogue' && r.access === 'public',
    ).map((r) => r.name);
    expect(Object.keys(READS).sort()).toEqual([...publicReads].sort());
  });

  it.each(Object.keys(READS))(
    '%s answers each topic with its video’s status, length and renditions',
    async (name) => {
      // Given a free and a paid topic whose videos are transcoded (beforeAll)
      const read = READS[name]!;

      // When a visitor reads
      const res = await call('GET', read.path(cat));

      // Then every topic it lists carries the video's state, locked or not
      expect(res.status).toBe(200);
      const mine = (read.topicsOf?.(res.body.data) ?? topicsIn(res.body.data)).filter((t) =>
        [cat.topics.free.topic_id, cat.topics.paid.topic_id].includes(t.topic_id),
      );
      expect(mine).toHaveLength(read.topics ? (read.topicsOf ? 1 : 2) : 0);
      for (const topic of mine) {
        expect(topic).toMatchObject({
          video_status: 'ready',
          video_duration_seconds: 42,
          video_renditions: RENDITIONS,
          captions: [],
        });
        expect(topic).toHaveProperty('video_hls_url');
        expect(topic).toHaveProperty('video_poster_url');
        expect(topic).not.toHaveProperty('video_error');
      }
      const paid = mine.find((t) => t.topic_id === cat.topics.paid.topic_id);
      if (paid) expect(paid).toMatchObject({ locked: true, video_url: null, video_hls_url: null });
    },
  );
});
