import { beforeAll, describe, expect, it, inject } from 'vitest';
import { adminToken, api, uniqueEmail } from '../../scripts/test/api.ts';

const call = api();
const stack = inject('stack');
let admin: string;
let learner: string;

beforeAll(async () => {
  admin = await adminToken(call);
  const email = uniqueEmail('upl');
  await call('POST', '/api/v1/classuser/login/signup', {
    body: { user_name: 'Up Loader', email, password: 'Passw0rdOk' },
  });
  learner = (
    await call('POST', '/api/v1/classuser/login/request', {
      body: { email, password: 'Passw0rdOk' },
    })
  ).body.accessToken;
});

const presign = (body: unknown, token = admin) =>
  call('POST', '/api/v1/global/upload/presign', { body, token });

async function postToStorage(
  answer: { upload_url: string; fields: Record<string, string> },
  file: Blob,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(answer.fields)) form.append(k, v);
  form.append('file', file);
  return fetch(new URL(answer.upload_url, stack.url), { method: 'POST', body: form });
}

describe('presigned uploads', () => {
  it('lets an admin upload a video that only a signed URL can read', async () => {
    const bytes = new Uint8Array(2048).fill(1);
    const res = await presign({
      kind: 'video',
      file_name: 'Lesson 1.mp4',
      content_type: 'video/mp4',
      size: bytes.length,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      method: 'POST',
      upload_url: '/media/',
      url: expect.stringMatching(/^\/media\/private\/videos\//),
    });
    const stored = await postToStorage(res.body.data, new Blob([bytes], { type: 'video/mp4' }));
    expect(stored.status).toBe(204);

    expect((await fetch(new URL(res.body.data.url, stack.url))).status).toBe(403);

    // The admin list hands out a signed URL that reads the object.
    const board = (
      await call('POST', '/api/v1/classadmin/data/insertBoards', {
        token: admin,
        body: { board_name: `Vid ${Date.now()}` },
      })
    ).body.data;
    const cls = (
      await call('POST', '/api/v1/classadmin/data/insertClasses', {
        token: admin,
        body: { class_name: 'C', board_id: board.board_id, price: 1 },
      })
    ).body.data;
    const subject = (
      await call('POST', '/api/v1/classadmin/data/insertSubjects', {
        token: admin,
        body: { subject_name: 'S', class_id: cls.class_id, price: 1 },
      })
    ).body.data;
    const chapter = (
      await call('POST', '/api/v1/classadmin/data/insertChapters', {
        token: admin,
        body: {
          chapter_name: 'Ch',
          subject_id: subject.subject_id,
          serial_no: 1,
          description: 'd',
        },
      })
    ).body.data;
    const topic = (
      await call('POST', '/api/v1/classadmin/data/insertTopics', {
        token: admin,
        body: {
          chapter_id: chapter.chapter_id,
          topic_name: 'T',
          author: 'A',
          video_url: res.body.data.url,
        },
      })
    ).body.data;
    expect(topic.video_url).toContain('X-Amz-Signature=');
    const read = await fetch(new URL(topic.video_url, stack.url));
    expect(read.status).toBe(200);
    expect((await read.arrayBuffer()).byteLength).toBe(2048);

    const tampered = topic.video_url.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_: string, c: string) => `X-Amz-Signature=${c === 'a' ? 'b' : 'a'}`,
    );
    expect((await fetch(new URL(tampered, stack.url))).status).toBe(403);
  });

  it('refuses types and sizes outside the kind with 400, and non-image kinds to learners with 403', async () => {
    const exe = await presign({
      kind: 'image',
      file_name: 'x.exe',
      content_type: 'application/octet-stream',
      size: 10,
    });
    expect(exe.status).toBe(400);
    const big = await presign({
      kind: 'image',
      file_name: 'x.png',
      content_type: 'image/png',
      size: 6 * 1024 * 1024,
    });
    expect(big.status).toBe(400);
    expect(
      (
        await presign(
          { kind: 'notes', file_name: 'n.pdf', content_type: 'application/pdf', size: 10 },
          learner,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await presign(
          { kind: 'image', file_name: 'me.png', content_type: 'image/png', size: 10 },
          learner,
        )
      ).status,
    ).toBe(200);
    expect(
      (await presign({ kind: 'image', file_name: 'me.png', content_type: 'image/png', size: 10 }))
        .status,
    ).toBe(200);
  });

  it('makes storage itself refuse a file bigger than the size the policy allows', async () => {
    const res = await presign({
      kind: 'image',
      file_name: 'a.png',
      content_type: 'image/png',
      size: 10,
    });
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' });
    const stored = await postToStorage(res.body.data, big);
    expect(stored.status).toBe(400);
    expect((await fetch(new URL(res.body.data.url, stack.url))).status).toBe(404);
  });
});

describe('POST /upload/file', () => {
  it('stores a small image whose url anyone can read', async () => {
    const form = new FormData();
    form.append(
      'image',
      new Blob([new Uint8Array(64).fill(9)], { type: 'image/png' }),
      'avatar.png',
    );
    const res = await fetch(`${stack.url}/api/v1/global/upload/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${learner}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; data: { url: string } };
    expect(body.url).toBe(body.data.url);
    expect(body.url).toMatch(/^\/media\/public\/images\/.*avatar\.png$/);
    const read = await fetch(new URL(body.url, stack.url));
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
  });

  it('refuses another type with 400 and no token with 401', async () => {
    const form = new FormData();
    form.append('image', new Blob(['<script>'], { type: 'text/html' }), 'x.html');
    const res = await fetch(`${stack.url}/api/v1/global/upload/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${learner}` },
      body: form,
    });
    expect(res.status).toBe(400);
    const anon = await fetch(`${stack.url}/api/v1/global/upload/file`, {
      method: 'POST',
      body: form,
    });
    expect(anon.status).toBe(401);
  });
});
