import { LEARNER_PENDING_PREFIX, UPLOAD_KINDS, UPLOAD_MESSAGES } from '@gia/shared';
import { env } from '../lib/env.ts';
import { ValidationError } from '../lib/errors.ts';
import { mediaKey, mediaUrl } from '../lib/media.ts';
import { encodeKey, S3RequestError, s3Request } from '../lib/s3-presign.ts';
import { IMAGE_SIGNATURE_BYTES, imageTypeOf } from './image-type.ts';

/**
 * Attaching a learner's uploaded image to a record (the profile). Kept apart from the presign
 * code so the functions that attach do not bundle the presigned-POST signer.
 */

/** Where a learner's presigned images wait until attached (one folder per learner). */
export const pendingPrefix = (userId: string) => `${LEARNER_PENDING_PREFIX}${userId}/`;

export const notAnImage = () =>
  new ValidationError(UPLOAD_MESSAGES.notAnImage, [
    { field: 'image', message: UPLOAD_MESSAGES.notAnImage },
  ]);

const pendingMissing = () =>
  new ValidationError(UPLOAD_MESSAGES.pendingMissing, [
    { field: 'profile_image', message: UPLOAD_MESSAGES.pendingMissing },
  ]);

/** The first bytes of an object, or undefined when there is none. */
const leadingBytes = (key: string): Promise<Uint8Array | undefined> =>
  s3Request(
    'GET',
    key,
    { headers: { range: `bytes=0-${IMAGE_SIGNATURE_BYTES - 1}` } },
    async (res) => new Uint8Array(await res.arrayBuffer()),
  );

/** Deletes an object; one already gone is fine. */
const deleteObject = (key: string) =>
  s3Request('DELETE', key, {}, async (res) => {
    await res.body?.cancel();
  });

/**
 * Copies an object within the bucket with a new content type. S3 may answer 200 and still fail
 * the copy: the error is then the body.
 */
async function copyObject(from: string, to: string, contentType: string): Promise<void> {
  const copied = await s3Request(
    'PUT',
    to,
    {
      headers: { 'content-type': contentType },
      signed: {
        'x-amz-copy-source': `${env().MEDIA_BUCKET}/${encodeKey(from)}`,
        'x-amz-metadata-directive': 'REPLACE',
      },
      operation: 'CopyObject',
    },
    async (res) => {
      const body = await res.text();
      const code = /<Error>[\s\S]*?<Code>([^<]+)<\/Code>/.exec(body)?.[1];
      if (code) throw new S3RequestError(res.status, code);
      return true;
    },
  );
  if (!copied) throw pendingMissing();
}

/**
 * The url to store for a learner's image. A url of the learner's own pending upload is checked
 * (its first bytes must be a png, jpeg or gif) and moved to `public/images/`; a file that is not
 * an image is deleted and refused with 400; someone else's pending upload is refused. Any other
 * url (the image already stored, a link) is left as it is.
 */
export async function attachLearnerImage(userId: string, url: string): Promise<string> {
  const key = mediaKey(url);
  if (!key?.startsWith(LEARNER_PENDING_PREFIX)) return url;
  if (!key.startsWith(pendingPrefix(userId))) throw pendingMissing();
  const bytes = await leadingBytes(key);
  if (!bytes) throw pendingMissing();
  const type = imageTypeOf(bytes);
  if (!type) {
    await deleteObject(key);
    throw notAnImage();
  }
  const publicKey = `${UPLOAD_KINDS.image.prefix}${key.slice(pendingPrefix(userId).length)}`;
  await copyObject(key, publicKey, type);
  await deleteObject(key);
  return mediaUrl(publicKey);
}
