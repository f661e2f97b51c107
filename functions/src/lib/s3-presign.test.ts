import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { encodeKey, presignGetObject, presignObject, presignPost, s3Request } =
  await import('./s3-presign.ts');

const credentials = { accessKeyId: TEST_ENV.AWS_ACCESS_KEY_ID, secretAccessKey: 'test' };
/** As lib/s3.ts configures the functions' client (and the local gateway its checking client). */
const checksums = {
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
} as const;
const signingDate = new Date('2026-11-23T10:00:00Z');
const KEYS = [
  'private/videos/01HZX/Intro 1 (final)!.mp4',
  "private/notes/ಕನ್ನಡ ಪಾಠ/a+b=c&d'e*~.pdf",
  'private/about/x/%41 already-encoded?.pdf',
];

/** What the SDK's getSignedUrl gives through a whole S3 client. */
const sdkUrl = (client: S3Client, key: string) =>
  getSignedUrl(client, new GetObjectCommand({ Bucket: 'gia-media-bucket', Key: key }), {
    expiresIn: 3600,
    signingDate,
  });

describe('presigned media reads without an S3 client', () => {
  it('gives the URL of the SDK for S3 in AWS (virtual-hosted bucket)', async () => {
    delete process.env.AWS_ENDPOINT_URL_S3;
    const client = new S3Client({ region: TEST_ENV.AWS_REGION, credentials, ...checksums });
    for (const key of KEYS) {
      const url = await presignGetObject('gia-media-bucket', key, { expiresIn: 3600, signingDate });
      expect(url).toBe(await sdkUrl(client, key));
    }
  });

  it('gives the URL of the SDK for the local S3 stand-in (path style)', async () => {
    process.env.AWS_ENDPOINT_URL_S3 = 'http://127.0.0.1:4569';
    const client = new S3Client({
      region: TEST_ENV.AWS_REGION,
      credentials,
      endpoint: process.env.AWS_ENDPOINT_URL_S3,
      forcePathStyle: true,
      ...checksums,
    });
    for (const key of KEYS) {
      const url = await presignGetObject('gia-media-bucket', key, { expiresIn: 3600, signingDate });
      expect(url).toBe(await sdkUrl(client, key));
    }
  });
});

describe('presigned object writes and upload forms without an S3 client', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete process.env.AWS_SESSION_TOKEN;
  });

  const bucket = 'gia-media-bucket';
  const clientFor = (local: boolean) => {
    if (local) process.env.AWS_ENDPOINT_URL_S3 = 'http://127.0.0.1:4569';
    else delete process.env.AWS_ENDPOINT_URL_S3;
    return new S3Client({
      region: TEST_ENV.AWS_REGION,
      credentials,
      ...(local ? { endpoint: process.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true } : {}),
      ...checksums,
    });
  };

  it.each([false, true])(
    'signs PUT, DELETE and CopyObject as the SDK does (local: %s)',
    async (local) => {
      const client = clientFor(local);
      const options = { expiresIn: 60, signingDate };
      for (const key of KEYS) {
        expect(await presignObject('PUT', bucket, key, options)).toBe(
          await getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key }), options),
        );
        expect(await presignObject('DELETE', bucket, key, options)).toBe(
          await getSignedUrl(
            client,
            new DeleteObjectCommand({ Bucket: bucket, Key: key }),
            options,
          ),
        );
        const source = `${bucket}/${encodeKey(key)}`;
        const copy = new CopyObjectCommand({
          Bucket: bucket,
          Key: `public/${key}`,
          CopySource: source,
          MetadataDirective: 'REPLACE',
        });
        const signed = { 'x-amz-copy-source': source, 'x-amz-metadata-directive': 'REPLACE' };
        expect(
          await presignObject('PUT', bucket, `public/${key}`, {
            ...options,
            headers: signed,
            operation: 'CopyObject',
          }),
        ).toBe(
          await getSignedUrl(client, copy, {
            ...options,
            unhoistableHeaders: new Set(Object.keys(signed)),
          }),
        );
      }
    },
  );

  it('gives the presigned POST of @aws-sdk/s3-presigned-post, session token included', async () => {
    process.env.AWS_SESSION_TOKEN = 'session-token';
    const client = clientFor(false);
    client.config.credentials = () =>
      Promise.resolve({ ...credentials, sessionToken: 'session-token' });
    vi.useFakeTimers({ now: signingDate, toFake: ['Date'] });
    const key = 'private/pending/u1/01HZX-photo.png';
    const conditions = [
      ['eq', '$key', key],
      ['eq', '$Content-Type', 'image/png'],
      ['content-length-range', 1, 5_000_000],
    ] as const;
    const ours = await presignPost({
      bucket,
      key,
      conditions: [...conditions],
      fields: { 'Content-Type': 'image/png' },
      expiresIn: 900,
    });
    const sdk = await createPresignedPost(client, {
      Bucket: bucket,
      Key: key,
      Conditions: conditions.map((c) => [...c]) as never,
      Fields: { 'Content-Type': 'image/png' },
      Expires: 900,
    });
    expect(ours).toEqual(sdk);
    expect(ours.fields['X-Amz-Security-Token']).toBe('session-token');
  });
});

describe('S3 requests through presigned URLs', () => {
  /** A stand-in for S3 that gives the answers listed, one per request, and records the requests. */
  async function s3Answering(answers: { status: number; body: string }[]) {
    const seen: { method: string; url: string; headers: Record<string, unknown> }[] = [];
    const server = createServer((req, res) => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers });
      const { status, body } = answers.shift() ?? { status: 500, body: '' };
      res.writeHead(status, { 'content-type': 'application/xml' }).end(body);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    process.env.AWS_ENDPOINT_URL_S3 = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { seen, close: () => server.close() };
  }
  const error = (code: string) => `<?xml version="1.0"?><Error><Code>${code}</Code></Error>`;

  it('retries throttling as the SDK does, then reads the answer', async () => {
    const s3 = await s3Answering([
      { status: 503, body: error('SlowDown') },
      { status: 206, body: 'Photo' },
    ]);
    try {
      const text = await s3Request(
        'GET',
        'private/notes/a.txt',
        { headers: { range: 'bytes=0-4' } },
        (r) => r.text(),
      );
      expect(text).toBe('Photo');
      expect(s3.seen).toHaveLength(2);
      expect(s3.seen[1]).toMatchObject({ method: 'GET', headers: { range: 'bytes=0-4' } });
      expect(s3.seen[1]!.url).toMatch(/^\/test-bucket\/private\/notes\/a\.txt\?.*X-Amz-Signature=/);
    } finally {
      s3.close();
    }
  });

  it('gives a refusal at once, named by its S3 code, and a missing object as undefined', async () => {
    const s3 = await s3Answering([
      { status: 403, body: error('AccessDenied') },
      { status: 404, body: error('NoSuchKey') },
    ]);
    try {
      await expect(s3Request('DELETE', 'a.txt', {}, (r) => r.text())).rejects.toMatchObject({
        name: 'AccessDenied',
        $metadata: { httpStatusCode: 403 },
      });
      expect(await s3Request('GET', 'a.txt', {}, (r) => r.text())).toBeUndefined();
      expect(s3.seen.map((r) => r.method)).toEqual(['DELETE', 'GET']);
    } finally {
      s3.close();
    }
  });
});
