import { LEARNER_PENDING_PREFIX, UPLOAD_KINDS, UPLOAD_MESSAGES } from '@gia/shared';
import { ValidationError } from './errors.ts';
import { mediaKey, mediaUrl } from './media.ts';
import { copyObject, deleteObject, getObject } from './s3-presign.ts';
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
  getObject(key, `bytes=0-${IMAGE_SIGNATURE_BYTES - 1}`);

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
  if (!(await copyObject(key, publicKey, type))) throw pendingMissing();
  await deleteObject(key);
  return mediaUrl(publicKey);
}
