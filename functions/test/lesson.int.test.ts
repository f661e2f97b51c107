import { beforeAll, describe, expect, it, inject } from 'vitest';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { hlsFolderOf, MASTER_PLAYLIST, POSTER_FILE } from '@gia/shared/video.ts';
import { api, buySubjects, newLearner, routePath, tableClient } from './api.ts';
import { signedInAdmin, smallCatalogue, unique } from './fixtures.ts';

/**
 * `getLesson` (issue 30): the lesson page's one request — the topic, its chapter with the
 * learner's progress, the access and the video, with the HLS cookies of that one video.
 */
const call = api();
const stack = inject('stack');
const db = tableClient();
const admin = signedInAdmin(call);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = any;

const lessonPath = (topicId: string) => `${routePath('catalogue.getLesson')}?topic_id=${topicId}`;
const lesson = (topicId: string, token?: string) => call('GET', lessonPath(topicId), { token });

describe('the lesson read', () => {
  let cat: Rec;
  let folder: string;
  let buyer: { token: string; userId: string };
  let other: { token: string };

  beforeAll(async () => {
    const tag = Date.now().toString(36);
    cat = await smallCatalogue(admin.post, {
      board: 'Lesson Board',
      class: { class_name: unique('Class'), price: 100 },
      subjects: { paid: { subject_name: unique('Optics'), price: 80 } },
      chapter: { of: 'paid', chapter_name: 'Mirrors', serial_no: 1, description: 'd' },
      topics: {
        preview: {
          topic_name: 'Reflection',
          author: 'A',
          free_to_watch: '1',
          serial_no: 1,
          video_url: `/media/private/videos/${tag}-reflection.mp4`,
          notes_url: `/media/private/notes/${tag}-reflection.pdf`,
        },
        paid: {
          topic_name: 'Concave mirrors',
          author: 'A',
          free_to_watch: '2',
          serial_no: 2,
          video_url: `/media/private/videos/${tag}-concave.mp4`,
          notes_url: `/media/private/notes/${tag}-concave.pdf`,
        },
        hidden: { topic_name: 'Draft', author: 'A', serial_no: 3, status: 'Inactive' },
      },
    });
    // The paid topic's video is transcoded: a master playlist and a poster in its HLS folder.
    folder = hlsFolderOf(`private/videos/${tag}-concave.mp4`);
    const s3 = new S3Client({
      endpoint: stack.endpoints.s3,
      forcePathStyle: true,
      region: 'ap-south-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    await s3.send(
      new PutObjectCommand({
        Bucket: 'gia-media',
        Key: `${folder}${MASTER_PLAYLIST}`,
        Body: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=160000,RESOLUTION=416x234\nmaster_234p.m3u8\n',
        ContentType: 'application/vnd.apple.mpegurl',
      }),
    );
    await db.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { pk: `TOPIC#${cat.topics.paid.topic_id}`, sk: 'TOPIC' },
        UpdateExpression: 'SET video_status = :s, video_duration_seconds = :d',
        ExpressionAttributeValues: { ':s': 'ready', ':d': 2 },
      }),
    );
    buyer = await newLearner(call, 'Lesson Buyer');
    other = await newLearner(call, 'Lesson Browser');
    await buySubjects(call, buyer.token, [cat.subjects.paid.subject_id]);
    await call('POST', routePath('progress.save'), {
      token: buyer.token,
      body: { topic_id: cat.topics.preview.topic_id, position_seconds: 40, duration_seconds: 60 },
    });
  });

  it('gives an owner the topic, the chapter with progress, the access and the video in one answer, with the cookies of that video alone', async () => {
    const res = await lesson(cat.topics.paid.topic_id, buyer.token);

    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.access).toEqual({ status: 'owned', signed_in: true });
    expect(data.topic).toMatchObject({
      topic_id: cat.topics.paid.topic_id,
      locked: false,
      chapter_name: 'Mirrors',
    });
    expect(data.topic.notes_url).toContain('concave.pdf');
    expect(data.video).toMatchObject({
      status: 'ready',
      hls_url: `/media/${folder}${MASTER_PLAYLIST}`,
      poster_url: `/media/${folder}${POSTER_FILE}`,
      duration_seconds: 2,
    });
    expect(data.video.mp4_url).toContain('concave.mp4');
    expect(data.chapter).toMatchObject({
      chapter_id: cat.chapter.chapter_id,
      chapter_name: 'Mirrors',
    });
    expect(
      data.chapter.topics.map((t: Rec) => [t.topic_name, t.locked, t.progress?.position_seconds]),
    ).toEqual([
      ['Reflection', false, 40],
      ['Concave mirrors', false, undefined],
    ]);
    const setCookies = res.headers.getSetCookie();
    expect(setCookies).toHaveLength(3);
    expect(setCookies.every((c) => c.includes(`Path=/media/${folder};`))).toBe(true);
    const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
    const master = await fetch(`${stack.url}${data.video.hls_url}`, { headers: { cookie } });
    expect(master.status).toBe(200);
  });

  it('opens a free preview to a learner who has not bought the course', async () => {
    const res = await lesson(cat.topics.preview.topic_id, other.token);

    expect(res.status).toBe(200);
    expect(res.body.data.access).toEqual({ status: 'free', signed_in: true });
    expect(res.body.data.video.mp4_url).toContain('reflection.mp4');
    expect(res.body.data.chapter.topics.map((t: Rec) => t.locked)).toEqual([false, true]);
  });

  it('shows that learner a paid topic locked: no video, notes or cookie', async () => {
    const res = await lesson(cat.topics.paid.topic_id, other.token);

    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.access).toEqual({ status: 'locked', signed_in: true });
    expect(data.topic).toMatchObject({ locked: true, video_url: null, notes_url: null });
    expect(data.video).toMatchObject({ hls_url: null, poster_url: null, mp4_url: null });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('gives a signed-out visitor what the lock needs, and no progress', async () => {
    const res = await lesson(cat.topics.paid.topic_id);

    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.access).toEqual({ status: 'locked', signed_in: false });
    expect(data.topic).toMatchObject({
      topic_name: 'Concave mirrors',
      locked: true,
      video_url: null,
    });
    expect(data.chapter.topics.every((t: Rec) => t.progress === null)).toBe(true);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers 404 for an inactive topic and 400 without a topic id', async () => {
    expect((await lesson(cat.topics.hidden.topic_id, buyer.token)).status).toBe(404);
    const missing = await call('GET', routePath('catalogue.getLesson'), { token: buyer.token });
    expect(missing.status).toBe(400);
  });

  it('answers the same with the chapter a lesson link names, with a chapter the topic is not in, and 400 for a malformed one', async () => {
    // Signed URLs differ by the second they were signed in.
    const unsigned = (data: unknown) =>
      JSON.parse(JSON.stringify(data).replace(/\?X-Amz-[^"]*/g, '')) as unknown;
    const plain = await lesson(cat.topics.paid.topic_id, buyer.token);
    const withChapter = (chapter: string) =>
      call('GET', `${lessonPath(cat.topics.paid.topic_id)}&chapter_id=${chapter}`, {
        token: buyer.token,
      });
    const named = await withChapter(cat.chapter.chapter_id);
    expect(named.status).toBe(200);
    expect(unsigned(named.body.data)).toEqual(unsigned(plain.body.data));
    // Another chapter (an id of the right shape that holds no such topic): the same answer.
    const elsewhere = await withChapter(cat.topics.preview.topic_id);
    expect(elsewhere.status).toBe(200);
    expect(unsigned(elsewhere.body.data)).toEqual(unsigned(plain.body.data));
    const malformed = await withChapter('not%20an%20id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('chapter_id is not valid.');
    // An inactive topic stays unknown, its chapter named or not.
    const hidden = await call(
      'GET',
      `${lessonPath(cat.topics.hidden.topic_id)}&chapter_id=${cat.chapter.chapter_id}`,
      { token: buyer.token },
    );
    expect(hidden.status).toBe(404);
  });

  it('still serves getTopics as before', async () => {
    const res = await call(
      'GET',
      `${routePath('catalogue.getTopics')}?chapter_id=${cat.chapter.chapter_id}`,
      { token: buyer.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: Rec) => t.topic_name)).toEqual(['Reflection', 'Concave mirrors']);
  });
});
