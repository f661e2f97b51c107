import { BASES } from '@gia/shared';
import {
  openSearchIndex,
  searchIndexes,
  searchPointerKey,
  type SearchIndexFile,
  type SearchPointer,
} from '@gia/shared/search.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { lessonNotesPdf } from '../../scripts/src/demo-notes.ts';
import { adminToken, api } from './api.ts';
import { ADMIN_DATA as A, catalogueLine, unique } from './fixtures.ts';
import type * as Env from '../src/lib/env.ts';
import type * as Sources from '../src/db/sources.ts';

/*
 * Search on the local stack (issue 34): an admin builds a small class with a paid topic, its
 * notes (a three-page PDF) and its captions; the sources function reads them, the table's stream
 * runs the search function, and the class's pointer and index file are read back through
 * `/media/public/search/…` as a learner's device reads them, then searched with the device's code.
 */

const stack = inject('stack');
const call = api();
let admin: string;
let sources: typeof Sources;

const post = async (path: string, body: unknown) => {
  const res = await call('POST', `${A}/${path}`, { body, token: admin });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data as Record<string, string>;
};

/** Uploads a file as the admin app does (presign, then POST to storage); answers its url. */
async function upload(kind: 'notes' | 'captions', name: string, type: string, bytes: Uint8Array) {
  const presign = await call('POST', `${BASES.global}/upload/presign`, {
    token: admin,
    body: { kind, file_name: name, content_type: type, size: bytes.length },
  });
  expect(presign.status).toBe(200);
  const { upload_url, fields, url } = presign.body.data;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }));
  const stored = await fetch(new URL(upload_url, stack.url), { method: 'POST', body: form });
  expect(stored.status).toBe(204);
  const key = decodeURIComponent(
    new URL(url as string, stack.url).pathname.slice('/media/'.length),
  );
  // The stack's object-created notification runs the sources function (as S3's does in AWS).
  expect((await sources.settledSource(key))?.status).toBe('ready');
  return url as string;
}

const media = (key: string) => fetch(`${stack.url}/media/${key}`);

/** A response's JSON, or undefined for a body that is not whole. */
async function jsonOrUndefined<T>(res: Response): Promise<T | undefined> {
  try {
    return (await res.json()) as T;
  } catch (err) {
    if (err instanceof SyntaxError) return undefined;
    throw err;
  }
}

/** The class's published index once it holds what `ready` wants (the stream runs on its own). */
async function publishedIndex(classId: string, ready: (file: SearchIndexFile) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await media(searchPointerKey(classId));
    // The local S3 stand-in (s3rver) writes an object in place, not atomically as S3 does: a
    // pointer read while a rebuild rewrites it can come back empty. Then it is read again.
    const pointer = res.ok ? await jsonOrUndefined<SearchPointer>(res) : undefined;
    if (pointer) {
      const file = await media(pointer.file);
      const index = await jsonOrUndefined<SearchIndexFile>(file);
      if (index && ready(index)) return { pointer, file, index };
    }
    if (Date.now() > deadline) throw new Error(`no ready search index for ${classId}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const VTT = [
  'WEBVTT',
  '',
  '00:00:01.000 --> 00:00:04.000',
  'Welcome to the lesson on light.',
  '',
  '00:02:14.000 --> 00:02:18.000',
  'A periscope uses two plane mirrors at forty five degrees.',
  '',
].join('\n');

describe('the search index of a class', () => {
  let line: Awaited<ReturnType<typeof catalogueLine>>;
  let topic: Record<string, string>;

  beforeAll(async () => {
    const env: typeof Env = await import('../src/lib/env.ts');
    Object.assign(process.env, stack.env);
    env.resetEnvForTests();
    sources = await import('../src/db/sources.ts');
    admin = await adminToken(call);
    line = await catalogueLine((route, body) => post(route, body) as never);
    const notes = await upload(
      'notes',
      'light.pdf',
      'application/pdf',
      await lessonNotesPdf({
        title: 'Light',
        pages: [
          'Light travels in straight lines from a source.',
          'The angle of incidence equals the angle of reflection at a plane mirror.',
          'A concave mirror converges parallel rays to its principal focus.',
        ],
      }),
    );
    topic = await post('insertTopics', {
      chapter_id: line.chapter.chapter_id,
      topic_name: unique('Photosynthesis'),
      author: 'A',
      notes_url: notes,
      free_to_watch: '2',
      translations: { kn: { topic_name: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ' } },
    });
    const captions = await upload(
      'captions',
      'light.vtt',
      'text/vtt',
      new TextEncoder().encode(VTT),
    );
    await post('insertTopicCaptions', { topic_id: topic.topic_id, language: 'en', url: captions });
  });

  it('is published gzip under its hash with a year’s cache, and its pointer for a minute', async () => {
    const classId = line.cls.class_id!;
    const { pointer, file } = await publishedIndex(classId, (f) =>
      f.places.some((p) => p.k === 'video' && p.at === 134),
    );
    expect(pointer).toMatchObject({ v: 1, class_id: classId });
    expect(pointer.file).toMatch(new RegExp(`^public/search/${classId}/[0-9a-f]{20}\\.json$`));
    expect(pointer.gzip_bytes).toBeLessThan(pointer.bytes);
    expect(file.headers.get('content-encoding')).toBe('gzip');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const again = await media(searchPointerKey(classId));
    expect(again.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('finds a word said only in the captions at its second, a notes word at its page, the Kannada name and a typo', async () => {
    const { index } = await publishedIndex(
      line.cls.class_id!,
      (f) =>
        f.places.some((p) => p.k === 'video' && p.at === 134) &&
        f.places.some((p) => p.k === 'notes'),
    );
    const opened = [openSearchIndex(index)];
    const first = (query: string, language: 'en' | 'kn' = 'en') =>
      searchIndexes(opened, query, { language }).topics[0];

    const periscope = first('periscope');
    expect(periscope?.topic_id).toBe(topic.topic_id);
    expect(periscope?.free).toBe(false);
    expect(periscope?.places[0]).toMatchObject({ kind: 'video', seconds: 134 });

    expect(first('incidence')?.places[0]).toMatchObject({ kind: 'notes', page: 2 });
    expect(first('concave')?.places[0]).toMatchObject({ kind: 'notes', page: 3 });

    const kannada = first('ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ', 'kn');
    expect(kannada).toMatchObject({
      topic_id: topic.topic_id,
      name: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ',
      name_matched: true,
    });

    expect(first('periscop')?.topic_id).toBe(topic.topic_id);
    expect(first('perisocpe')?.places[0]).toMatchObject({ kind: 'video', seconds: 134 });
  });

  it('is rebuilt when the topic is renamed', async () => {
    const renamed = unique('Optics');
    await post('updateTopics', { ...topic, topic_name: renamed, translations: undefined });
    const { index } = await publishedIndex(line.cls.class_id!, (f) =>
      f.nodes.some((n) => n.n.en === renamed),
    );
    const hit = searchIndexes([openSearchIndex(index)], renamed, { language: 'en' }).topics[0];
    expect(hit?.topic_id).toBe(topic.topic_id);
  });
});

describe('a class that is gone', () => {
  it('loses its pointer, so no device finds it', async () => {
    const env: typeof Env = await import('../src/lib/env.ts');
    Object.assign(process.env, stack.env);
    env.resetEnvForTests();
    admin = await adminToken(call);
    const board = await post('insertBoards', { board_name: unique('Gone'), free_course: false });
    const cls = await post('insertClasses', {
      class_name: unique('Class'),
      board_id: board.board_id,
      price: '1',
      description: 'd',
    });
    // A class with no topics still gets an index: its names.
    const { index } = await publishedIndex(cls.class_id!, (f) => f.class_id === cls.class_id);
    expect(index.nodes.map((n) => n.k)).toEqual(['board', 'class']);
    const deleted = await call('DELETE', `${A}/deleteClasses/${cls.class_id}`, { token: admin });
    expect(deleted.status).toBe(200);
    const deadline = Date.now() + 30_000;
    while ((await media(searchPointerKey(cls.class_id!))).ok && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect((await media(searchPointerKey(cls.class_id!))).status).toBe(404);
  });
});
