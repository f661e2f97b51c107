import { beforeAll, describe, expect, it, inject } from 'vitest';
import { adminToken, api, newLearner, routePath } from './api.ts';

const call = api();
const stack = inject('stack');
/** The multipart upload route, called with `fetch` for its raw body. */
const uploadFileUrl = `${stack.url}${routePath('uploads.file')}`;
let admin: string;
let learner: string;

beforeAll(async () => {
  admin = await adminToken(call);
  learner = (await newLearner(call, 'Up Loader')).token;
});

/** The first bytes of a real PNG file, then padding. */
const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0,
  0,
  0,
  13,
  0x49,
  0x48,
  0x44,
  0x52,
  ...new Array(48).fill(0),
]);
const HTML = '<html><body><script>alert(document.domain)</script></body></html>';

const presign = (body: unknown, token = admin) =>
  call('POST', routePath('uploads.presign'), { body, token });

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
      await call('POST', routePath('admin.catalogue.insertBoards'), {
        token: admin,
        body: { board_name: `Vid ${Date.now()}` },
      })
    ).body.data;
    const cls = (
      await call('POST', routePath('admin.catalogue.insertClasses'), {
        token: admin,
        body: { class_name: 'C', board_id: board.board_id, price: 1 },
      })
    ).body.data;
    const subject = (
      await call('POST', routePath('admin.catalogue.insertSubjects'), {
        token: admin,
        body: { subject_name: 'S', class_id: cls.class_id, price: 1 },
      })
    ).body.data;
    const chapter = (
      await call('POST', routePath('admin.catalogue.insertChapters'), {
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
      await call('POST', routePath('admin.catalogue.insertTopics'), {
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
    form.append('image', new Blob([PNG], { type: 'image/png' }), 'avatar.png');
    const res = await fetch(uploadFileUrl, {
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
    const res = await fetch(uploadFileUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${learner}` },
      body: form,
    });
    expect(res.status).toBe(400);
    const anon = await fetch(uploadFileUrl, {
      method: 'POST',
      body: form,
    });
    expect(anon.status).toBe(401);
  });
});

describe('finding 16: learner uploads are checked images, counted, and quarantined', () => {
  const imagePresign = { kind: 'image', file_name: 'me.png', content_type: 'image/png', size: 64 };
  const profileOf = (email: string, profile_image: string) => ({
    user_mobile: '9876543210',
    user_name: 'Up Loader',
    email,
    dob: '2005-05-05',
    course_of_study: 'Science',
    profile_image,
  });
  const updateProfile = (token: string, body: unknown) =>
    call('PUT', routePath('profile.update'), { token, body });

  it('refuses a direct upload whose bytes are not the image its type says, and stores nothing', async () => {
    const form = new FormData();
    form.append('image', new Blob([HTML], { type: 'image/png' }), 'a.png');
    const res = await fetch(uploadFileUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${learner}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The file is not a valid image. Please choose a jpg, png or gif image.',
    );
  });

  it('keeps a presigned learner upload unreadable until attached, then refuses and deletes one that is not an image', async () => {
    const me = await newLearner(call, 'Html Uploader');
    const answer = (await presign(imagePresign, me.token)).body.data;
    expect(answer.url).toMatch(new RegExp(`^/media/private/tmp/${me.userId}/`));
    const stored = await postToStorage(answer, new Blob([HTML], { type: 'image/png' }));
    expect(stored.status).toBe(204);
    // Not public: nobody can be served these bytes from our domain.
    expect((await fetch(new URL(answer.url, stack.url))).status).toBe(403);

    const res = await updateProfile(me.token, profileOf(me.email, answer.url));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The file is not a valid image. Please choose a jpg, png or gif image.',
    );
    // Deleted: attaching it again finds nothing.
    const again = await updateProfile(me.token, profileOf(me.email, answer.url));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The uploaded image has expired. Please choose it again.');
  });

  it('moves a real image to public storage when the learner attaches it to their profile', async () => {
    const me = await newLearner(call, 'Png Uploader');
    const answer = (await presign(imagePresign, me.token)).body.data;
    expect((await postToStorage(answer, new Blob([PNG], { type: 'image/png' }))).status).toBe(204);

    // Someone else cannot take it.
    const other = await newLearner(call, 'Other Uploader');
    expect((await updateProfile(other.token, profileOf(other.email, answer.url))).status).toBe(400);

    const res = await updateProfile(me.token, profileOf(me.email, answer.url));
    expect(res.status).toBe(200);
    const url: string = res.body.data.profile_image;
    expect(url).toMatch(/^\/media\/public\/images\/.*me\.png$/);
    const read = await fetch(new URL(url, stack.url));
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG);
    // Saving the profile again keeps the image as it is.
    expect((await updateProfile(me.token, profileOf(me.email, url))).body.data.profile_image).toBe(
      url,
    );
  });

  it('limits a learner to 20 uploads a day with 429, and not admins', async () => {
    const me = await newLearner(call, 'Busy Uploader');
    for (let i = 0; i < 20; i++) {
      expect((await presign(imagePresign, me.token)).status).toBe(200);
    }
    const refused = await presign(imagePresign, me.token);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'You have uploaded many files today. Please try again tomorrow.',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const form = new FormData();
    form.append('image', new Blob([PNG], { type: 'image/png' }), 'a.png');
    const direct = await fetch(uploadFileUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.token}` },
      body: form,
    });
    expect(direct.status).toBe(429);
    expect((await presign(imagePresign)).status).toBe(200);
  });
});
