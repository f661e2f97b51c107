import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { LEARNER_PENDING_PREFIX, UPLOAD_KINDS, UPLOAD_MESSAGES } from '@gia/shared';
import { env } from '../lib/env.ts';
import { ValidationError } from '../lib/errors.ts';
import { mediaKey, mediaUrl } from '../lib/media.ts';
import { s3 } from '../lib/s3.ts';
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
async function leadingBytes(key: string): Promise<Uint8Array | undefined> {
  try {
    const res = await s3.send(
      new GetObjectCommand({
        Bucket: env().MEDIA_BUCKET,
        Key: key,
        Range: `bytes=0-${IMAGE_SIGNATURE_BYTES - 1}`,
      }),
    );
    return res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
  } catch (err) {
    if ((err as Error).name === 'NoSuchKey' || (err as Error).name === 'NotFound') return undefined;
    throw err;
  }
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
  const bucket = env().MEDIA_BUCKET;
  if (!type) {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    throw notAnImage();
  }
  const publicKey = `${UPLOAD_KINDS.image.prefix}${key.slice(pendingPrefix(userId).length)}`;
  await s3.send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: publicKey,
      CopySource: `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
      ContentType: type,
      MetadataDirective: 'REPLACE',
    }),
  );
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  return mediaUrl(publicKey);
}
