import { beforeAll, describe, expect, inject, it } from 'vitest';
import type * as S3Presign from '../src/lib/s3-presign.ts';

const stack = inject('stack');
let s3: typeof S3Presign;

/**
 * The functions' S3 requests without an S3 client (presigned URL + fetch) against the local S3
 * stand-in: what uploads, the profile's image attach and the AI teacher's notes excerpt rely on.
 */
beforeAll(async () => {
  Object.assign(process.env, stack.env);
  (await import('../src/lib/env.ts')).resetEnvForTests();
  s3 = await import('../src/lib/s3-presign.ts');
});

const text = (res: Response) => res.text();
const drop = async (res: Response) => {
  await res.body?.cancel();
  return true;
};
const key = (name: string) => `private/notes/s3-objects-test/${Date.now()}-${name}`;

describe('S3 objects through presigned URLs', () => {
  it('writes an object, reads a byte range of it, copies it with a new type and deletes it', async () => {
    const from = key('a note (1).txt');
    const to = key('copy.txt');
    const body = new TextEncoder().encode('Photosynthesis: light to sugar.');
    expect(
      await s3.s3Request('PUT', from, { headers: { 'content-type': 'text/plain' }, body }, drop),
    ).toBe(true);
    expect(await s3.s3Request('GET', from, { headers: { range: 'bytes=0-13' } }, text)).toBe(
      'Photosynthesis',
    );

    const copied = await s3.s3Request(
      'PUT',
      to,
      {
        headers: { 'content-type': 'text/markdown' },
        signed: {
          'x-amz-copy-source': `${stack.env.MEDIA_BUCKET}/${s3.encodeKey(from)}`,
          'x-amz-metadata-directive': 'REPLACE',
        },
        operation: 'CopyObject',
      },
      text,
    );
    expect(copied).toContain('CopyObjectResult');
    const type = await s3.s3Request('GET', to, {}, async (res) => {
      await res.body?.cancel();
      return res.headers.get('content-type');
    });
    expect(type).toBe('text/markdown');

    await s3.s3Request('DELETE', from, {}, drop);
    expect(await s3.s3Request('GET', from, {}, text)).toBeUndefined();
    // Deleting again, or reading what never was, is no error.
    await s3.s3Request('DELETE', from, {}, drop);
    expect(await s3.s3Request('GET', key('never.txt'), {}, text)).toBeUndefined();
    expect(await s3.s3Request('GET', to, {}, text)).toBe('Photosynthesis: light to sugar.');
  });
});
