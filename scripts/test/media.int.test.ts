import { describe, expect, it, inject } from 'vitest';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';

const stack = inject('stack');
const s3 = new S3Client({
  endpoint: stack.endpoints.s3,
  forcePathStyle: true,
  region: 'ap-south-1',
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

async function presignImage(key: string) {
  return createPresignedPost(s3, {
    Bucket: 'gia-media',
    Key: key,
    Conditions: [
      ['starts-with', '$key', 'public/images/'],
      ['starts-with', '$Content-Type', 'image/'],
      ['content-length-range', 1, 1024],
    ],
    Fields: { 'Content-Type': 'image/png' },
    Expires: 300,
  });
}

function form(fields: Record<string, string>, file: Blob) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', file);
  return body;
}

const png = (bytes: number) => new Blob([new Uint8Array(bytes).fill(7)], { type: 'image/png' });
const upload = (body: FormData) => fetch(`${stack.url}/media/`, { method: 'POST', body });

describe('media on the local stack', () => {
  it('stores an upload that meets its presigned policy and serves the public image', async () => {
    const key = `public/images/${Date.now()}.png`;
    const { fields } = await presignImage(key);
    const res = await upload(form(fields, png(100)));
    expect(res.status).toBe(204);
    const read = await fetch(`${stack.url}/media/${key}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect((await read.arrayBuffer()).byteLength).toBe(100);
  });

  it('refuses an oversize upload with 400 and stores nothing', async () => {
    const key = `public/images/big-${Date.now()}.png`;
    const { fields } = await presignImage(key);
    const res = await upload(form(fields, png(2048)));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('EntityTooLarge');
    expect((await fetch(`${stack.url}/media/${key}`)).status).toBe(404);
  });

  it('refuses another content type or a key outside the signed prefix with 403', async () => {
    const key = `public/images/type-${Date.now()}.png`;
    const { fields } = await presignImage(key);
    expect((await upload(form({ ...fields, 'Content-Type': 'text/html' }, png(10)))).status).toBe(
      403,
    );
    const elsewhere = { ...fields, key: 'private/videos/sneaky.mp4' };
    expect((await upload(form(elsewhere, png(10)))).status).toBe(403);
  });

  it('never serves private media without a signature', async () => {
    const res = await fetch(`${stack.url}/media/private/videos/anything.mp4`);
    expect(res.status).toBe(403);
  });
});

const MiB = 1024 * 1024;

async function presignVideo(key: string, maxBytes: number) {
  return createPresignedPost(s3, {
    Bucket: 'gia-media',
    Key: key,
    Conditions: [
      ['starts-with', '$key', 'private/videos/'],
      ['eq', '$Content-Type', 'video/mp4'],
      ['content-length-range', 1, maxBytes],
    ],
    Fields: { 'Content-Type': 'video/mp4' },
    Expires: 300,
  });
}

const video = (bytes: number) => new Blob([new Uint8Array(bytes).fill(3)], { type: 'video/mp4' });
const storedSize = (key: string) =>
  s3
    .send(new HeadObjectCommand({ Bucket: 'gia-media', Key: key }))
    .then((head) => head.ContentLength)
    .catch(() => undefined);

describe('large uploads on the local stack, as in AWS', () => {
  it('streams a 30 MB presigned POST into storage (past the API body cap)', async () => {
    const key = `private/videos/${Date.now()}-large.mp4`;
    const { fields } = await presignVideo(key, 2 * 1024 * MiB);
    const res = await upload(form(fields, video(30 * MiB)));
    expect(res.status).toBe(204);
    expect(await storedSize(key)).toBe(30 * MiB);
  });

  it("refuses a file over the policy's size with S3's error and stores nothing", async () => {
    const key = `private/videos/${Date.now()}-over.mp4`;
    const { fields } = await presignVideo(key, 8 * MiB);
    const res = await upload(form(fields, video(9 * MiB)));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>EntityTooLarge</Code>');
    expect(await storedSize(key)).toBeUndefined();
  });

  it('refuses a form whose policy fails before reading the file, and stores nothing', async () => {
    const key = `private/videos/${Date.now()}-forged.mp4`;
    const { fields } = await presignVideo(key, 8 * MiB);
    const res = await upload(form({ ...fields, 'X-Amz-Signature': '0'.repeat(64) }, video(1024)));
    expect(res.status).toBe(403);
    expect(await storedSize(key)).toBeUndefined();
  });

  it('completes an S3 multipart upload through the SDK against the local S3 endpoint', async () => {
    const Key = `private/videos/${Date.now()}-multipart.mp4`;
    const Bucket = 'gia-media';
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'video/mp4' }),
    );
    const sizes = [5 * MiB, 5 * MiB, 1 * MiB];
    const parts = [];
    for (const [i, size] of sizes.entries()) {
      const { ETag } = await s3.send(
        new UploadPartCommand({
          Bucket,
          Key,
          UploadId,
          PartNumber: i + 1,
          Body: new Uint8Array(size).fill(i + 1),
        }),
      );
      parts.push({ ETag, PartNumber: i + 1 });
    }
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key,
        UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
    expect(await storedSize(Key)).toBe(11 * MiB);
  });
});
