import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  BASES,
  CAPTION_MESSAGES,
  MASTER_PLAYLIST,
  POSTER_FILE,
  VIDEO_MESSAGES,
  hlsFolderOf,
  videoKeyOf,
} from '@gia/shared';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api } from './api.ts';
import { ADMIN_DATA as A, catalogueLine } from './fixtures.ts';

/*
 * The transcoding pipeline on the local stack: an uploaded video (presigned POST) is transcoded
 * by ffmpeg standing in for MediaConvert, and its topic goes processing → ready with its
 * renditions, duration and poster in storage; a corrupt one fails with a reason and can be
 * retried.
 */

const stack = inject('stack');
const call = api();
let admin: string;
const s3 = new S3Client({
  endpoint: stack.endpoints.s3,
  forcePathStyle: true,
  region: 'ap-south-1',
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

beforeAll(async () => {
  admin = await adminToken(call);
});

const post = (path: string, body: unknown) => call('POST', `${A}/${path}`, { body, token: admin });
const get = (path: string) => call('GET', `${A}/${path}`, { token: admin });

/** A 2-second 640x360 clip with sound, made by ffmpeg. */
function smallVideo(): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'gia-video-')), 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-shortest', '-movflags', '+faststart', file],
  ]);
  return readFileSync(file);
}

/** Uploads bytes as the admin app does (presign, then POST to storage); answers `video_url`. */
async function uploadVideo(bytes: Buffer, fileName: string): Promise<string> {
  const presign = await call('POST', `${BASES.global}/upload/presign`, {
    token: admin,
    body: { kind: 'video', file_name: fileName, content_type: 'video/mp4', size: bytes.length },
  });
  expect(presign.status).toBe(200);
  const { upload_url, fields, url } = presign.body.data;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }));
  const stored = await fetch(new URL(upload_url, stack.url), { method: 'POST', body: form });
  expect(stored.status).toBe(204);
  return url;
}

async function topicWithVideo(videoUrl: string) {
  const { chapter } = await catalogueLine(
    async (route, body) => (await post(route, body)).body.data,
  );
  const res = await post('insertTopics', {
    chapter_id: chapter.chapter_id,
    topic_name: 'Video lesson',
    author: 'Ravi',
    video_url: videoUrl,
  });
  expect(res.status).toBe(201);
  return { chapterId: chapter.chapter_id as string, topic: res.body.data };
}

/** Reads the topic from the admin list until `done` holds (or the time is up). */
async function topicUntil(chapterId: string, done: (t: Record<string, unknown>) => boolean) {
  const until = Date.now() + 90_000;
  for (;;) {
    const list = await get(`getTopics?chapter_id=${chapterId}`);
    const topic = list.body.data[0] as Record<string, unknown>;
    if (done(topic) || Date.now() > until) return topic;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const exists = (key: string) =>
  s3
    .send(new HeadObjectCommand({ Bucket: 'gia-media', Key: key }))
    .then((h) => h.ContentType)
    .catch(() => undefined);

describe('video transcoding on the local stack', () => {
  it('transcodes an uploaded video: processing, then ready with renditions, duration, poster', async () => {
    const videoUrl = await uploadVideo(smallVideo(), 'lesson one.mp4');
    const { chapterId, topic } = await topicWithVideo(videoUrl);
    expect(['processing', 'ready']).toContain(topic.video_status);
    const ready = await topicUntil(chapterId, (t) => t.video_status === 'ready');
    expect(ready.video_status).toBe('ready');
    expect(ready.video_duration_seconds).toBeCloseTo(2, 0);
    expect(ready.duration_seconds).toBe(2);
    const renditions = ready.video_renditions as { height: number; bytes: number }[];
    expect(renditions.map((r) => r.height)).toEqual([234, 360]); // never above the source
    for (const r of renditions) expect(r.bytes).toBeGreaterThan(1000);
    const folder = hlsFolderOf(videoKeyOf(videoUrl)!);
    expect(await exists(`${folder}${MASTER_PLAYLIST}`)).toBe('application/vnd.apple.mpegurl');
    expect(await exists(`${folder}master_360p.m3u8`)).toBe('application/vnd.apple.mpegurl');
    expect(await exists(`${folder}master_360p_00001.ts`)).toBe('video/mp2t');
    expect(await exists(`${folder}${POSTER_FILE}`)).toBe('image/jpeg');
    // A ready video is not retried.
    const retry = await post(`retryTopicVideo/${topic.topic_id}`, {});
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(VIDEO_MESSAGES.notFailed);
  });

  it('fails a corrupt video with a reason for the admin, and retries it', async () => {
    const videoUrl = await uploadVideo(Buffer.alloc(4096, 9), 'broken.mp4');
    const { chapterId, topic } = await topicWithVideo(videoUrl);
    const failed = await topicUntil(chapterId, (t) => t.video_status === 'failed');
    expect(failed.video_status).toBe('failed');
    expect(failed.video_error).toBe(VIDEO_MESSAGES.unreadable);
    const retry = await post(`retryTopicVideo/${topic.topic_id}`, {});
    expect(retry.status).toBe(200);
    expect(retry.body.data.video_status).toBe('processing');
    const again = await topicUntil(chapterId, (t) => t.video_status === 'failed');
    expect(again.video_error).toBe(VIDEO_MESSAGES.unreadable);
  });
});

/** Uploads a captions file by presign (kind `captions`); answers its `url`. */
async function uploadCaptions(text: string): Promise<string> {
  const bytes = Buffer.from(text);
  const presign = await call('POST', `${BASES.global}/upload/presign`, {
    token: admin,
    body: {
      kind: 'captions',
      file_name: 'lesson.vtt',
      content_type: 'text/vtt',
      size: bytes.length,
    },
  });
  expect(presign.status).toBe(200);
  const { upload_url, fields, url } = presign.body.data;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/vtt' }));
  expect((await fetch(new URL(upload_url, stack.url), { method: 'POST', body: form })).status).toBe(
    204,
  );
  return url;
}

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nNamaste, class.\n';

describe('topic captions', () => {
  it('stores a valid WebVTT per language, replaces it, removes it', async () => {
    const { topic } = await topicWithVideo(await uploadVideo(smallVideo(), 'captioned.mp4'));
    const english = await uploadCaptions(VTT);
    const added = await post('insertTopicCaptions', {
      topic_id: topic.topic_id,
      language: 'en',
      url: english,
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(CAPTION_MESSAGES.added);
    expect(added.body.data).toEqual([{ language: 'en', url: english }]);
    const hindi = await uploadCaptions(VTT.replace('Namaste, class.', 'Namaste.'));
    await post('insertTopicCaptions', { topic_id: topic.topic_id, language: 'hi', url: hindi });
    const again = await uploadCaptions(VTT);
    const replaced = await post('insertTopicCaptions', {
      topic_id: topic.topic_id,
      language: 'en',
      url: again,
    });
    expect(replaced.body.data).toEqual([
      { language: 'hi', url: hindi },
      { language: 'en', url: again },
    ]);
    const removed = await post('deleteTopicCaptions', { topic_id: topic.topic_id, language: 'hi' });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual([{ language: 'en', url: again }]);
  });

  it('refuses a file that is not WebVTT, an unknown language, another url, a missing topic', async () => {
    const { topic } = await topicWithVideo(await uploadVideo(smallVideo(), 'refusals.mp4'));
    const broken = await uploadCaptions('WEBVTT\n\n00:00:05.000 --> nonsense\nHello\n');
    const bad = await post('insertTopicCaptions', {
      topic_id: topic.topic_id,
      language: 'en',
      url: broken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^The captions file (is not valid WebVTT|has no cues)/);
    const notVtt = await uploadCaptions('Just some text, no header.\n');
    const header = await post('insertTopicCaptions', {
      topic_id: topic.topic_id,
      language: 'en',
      url: notVtt,
    });
    expect(header.status).toBe(400);
    expect(header.body.message).toMatch(/^The captions file is not valid WebVTT \(line 1: /);
    const good = await uploadCaptions(VTT);
    const language = await post('insertTopicCaptions', {
      topic_id: topic.topic_id,
      language: 'xx',
      url: good,
    });
    expect(language.status).toBe(400);
    const elsewhere = await post('insertTopicCaptions', {
      topic_id: topic.topic_id,
      language: 'en',
      url: '/media/private/notes/x.vtt',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(CAPTION_MESSAGES.notUploaded);
    const missing = await post('insertTopicCaptions', {
      topic_id: '01JZZZZZZZZZZZZZZZZZZZZZZZ',
      language: 'en',
      url: good,
    });
    expect(missing.status).toBe(404);
  });
});
