import { beforeAll, describe, expect, inject, it } from 'vitest';
import type * as S3Presign from '../src/lib/s3-presign.ts';

const stack = inject('stack');
let s3: typeof S3Presign;

/**
 * The functions' S3 calls without an S3 client (presigned request + fetch) against the local S3
 * stand-in: what uploads, the profile's image attach and the AI teacher's notes excerpt rely on.
 */
beforeAll(async () => {
  Object.assign(process.env, stack.env);
  (await import('../src/lib/env.ts')).resetEnvForTests();
  s3 = await import('../src/lib/s3-presign.ts');
});

const key = (name: string) => `private/notes/s3-objects-test/${Date.now()}-${name}`;
const text = (bytes: Uint8Array | undefined) => bytes && new TextDecoder().decode(bytes);

describe('S3 objects through presigned requests', () => {
  it('puts an object, reads a byte range of it, copies it with a new type and deletes it', async () => {
    const from = key('a note (1).txt');
    const to = key('copy.txt');
    await s3.putObject(
      from,
      new TextEncoder().encode('Photosynthesis: light to sugar.'),
      'text/plain',
    );
    expect(text(await s3.getObject(from, 'bytes=0-13'))).toBe('Photosynthesis');

    expect(await s3.copyObject(from, to, 'text/markdown')).toBe(true);
    const copy = await fetch(
      await s3.presignGetObject(stack.env.MEDIA_BUCKET!, to, { expiresIn: 60 }),
    );
    expect(copy.headers.get('content-type')).toBe('text/markdown');
    expect(await copy.text()).toBe('Photosynthesis: light to sugar.');

    await s3.deleteObject(from);
    expect(await s3.getObject(from)).toBeUndefined();
    // Deleting again, reading or copying what is not there, is no error.
    await s3.deleteObject(from);
    expect(await s3.getObject(key('never.txt'))).toBeUndefined();
    expect(await s3.copyObject(key('never.txt'), key('nothing.txt'), 'text/plain')).toBe(false);
  });
});
