import { ulid } from 'ulid';
import {
  LEARNER_DAILY_UPLOADS,
  MAX_DIRECT_UPLOAD_BYTES,
  UPLOAD_EXPIRY_SECONDS,
  UPLOAD_KINDS,
  UPLOAD_KIND_MESSAGES,
  UPLOAD_MESSAGES,
  type PresignAnswer,
  type PresignInput,
  type UploadKind,
} from '@gia/shared';
import { reserveUpload } from '../db/uploads.ts';
import type { Identity } from '../lib/auth.ts';
import { env } from '../lib/env.ts';
import {
  ForbiddenError,
  PayloadTooLargeError,
  RateLimitedError,
  ValidationError,
} from '../lib/errors.ts';
import { mediaUrl } from '../lib/media.ts';
import { presignPost, putObject } from '../lib/s3-presign.ts';
import { notAnImage, pendingPrefix } from '../lib/attach.ts';
import { imageTypeOf } from '../lib/image-type.ts';

const extension = (name: string) => name.toLowerCase().split('.').pop() ?? '';

/** A tidy version of a file name for a key: lower case, [a-z0-9.-], the last 80 characters. */
const tidyName = (fileName: string) =>
  fileName
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(-80) || 'file';

/** A storage key: a prefix, a sortable unique id, and a tidy version of the name. */
const keyFor = (prefix: string, fileName: string) => `${prefix}${ulid()}-${tidyName(fileName)}`;

function checkFile(kind: UploadKind, fileName: string, contentType: string, size: number) {
  const rules = UPLOAD_KINDS[kind];
  const typeOk =
    (rules.extensions as readonly string[]).includes(extension(fileName)) &&
    (rules.contentTypes as readonly string[]).includes(contentType);
  if (!typeOk) {
    const message = UPLOAD_KIND_MESSAGES[kind].wrongType;
    throw new ValidationError(message, [{ field: 'content_type', message }]);
  }
  if (size > rules.maxBytes) {
    const message = UPLOAD_KIND_MESSAGES[kind].tooLarge;
    throw new ValidationError(message, [{ field: 'size', message }]);
  }
}

const secondsToMidnightUtc = (now: Date) =>
  Math.max(
    1,
    Math.ceil(
      (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) /
        1000,
    ),
  );

/** A learner may start `LEARNER_DAILY_UPLOADS` uploads a day (UTC); then `429`. */
async function countLearnerUpload(caller: Identity): Promise<void> {
  if (caller.pool !== 'learner') return;
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  if (!(await reserveUpload(caller.userId, day, LEARNER_DAILY_UPLOADS))) {
    throw new RateLimitedError(UPLOAD_MESSAGES.quota, secondsToMidnightUtc(now));
  }
}

/**
 * A presigned POST for one file. The policy itself restricts the key, the content type and the
 * size, so storage refuses anything else; it expires after 15 minutes. Storage cannot check
 * what the bytes are, so a learner's image goes to a private folder of its own and becomes
 * public only once its bytes are checked, when it is attached (`attachLearnerImage`).
 */
export async function presignUpload(caller: Identity, input: PresignInput): Promise<PresignAnswer> {
  if (caller.pool === 'learner' && input.kind !== 'image') {
    throw new ForbiddenError(UPLOAD_MESSAGES.learnerImagesOnly);
  }
  checkFile(input.kind, input.file_name, input.content_type, input.size);
  await countLearnerUpload(caller);
  const key = keyFor(
    caller.pool === 'learner' ? pendingPrefix(caller.userId) : UPLOAD_KINDS[input.kind].prefix,
    input.file_name,
  );
  const post = await presignPost({
    bucket: env().MEDIA_BUCKET,
    key,
    conditions: [
      ['eq', '$key', key],
      ['eq', '$Content-Type', input.content_type],
      ['content-length-range', 1, UPLOAD_KINDS[input.kind].maxBytes],
    ],
    fields: { 'Content-Type': input.content_type },
    expiresIn: UPLOAD_EXPIRY_SECONDS,
  });
  return {
    method: 'POST',
    // Locally the gateway's /media/ stands where the bucket's address is in AWS.
    upload_url: env().MEDIA_URL_MODE === 'local' ? '/media/' : post.url,
    fields: post.fields,
    url: mediaUrl(key),
  };
}

/**
 * A small file sent through the API (`POST /upload/file`, field `image`). An image is stored
 * only when its bytes are the image its type says.
 */
export async function storeUploadedFile(
  caller: Identity,
  file: { name: string; type: string; bytes: Uint8Array },
): Promise<string> {
  if (file.bytes.byteLength > MAX_DIRECT_UPLOAD_BYTES) throw new PayloadTooLargeError();
  if (file.bytes.byteLength === 0) throw new ValidationError(UPLOAD_MESSAGES.fileEmpty);
  const type = file.type.toLowerCase();
  const kind: UploadKind =
    type.startsWith('image/') || caller.pool === 'learner' ? 'image' : 'notes';
  checkFile(kind, file.name, type, file.bytes.byteLength);
  const sniffed = imageTypeOf(file.bytes);
  if (type.startsWith('image/') && sniffed !== type) throw notAnImage();
  await countLearnerUpload(caller);
  const key = keyFor(UPLOAD_KINDS[kind].prefix, file.name);
  await putObject(key, file.bytes, type);
  return mediaUrl(key);
}
