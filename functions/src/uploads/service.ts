import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { ulid } from 'ulid';
import {
  MAX_DIRECT_UPLOAD_BYTES,
  UPLOAD_EXPIRY_SECONDS,
  UPLOAD_KINDS,
  type PresignAnswer,
  type PresignInput,
  type UploadKind,
} from '@gia/shared';
import type { Pool } from '../lib/auth.ts';
import { s3 } from '../lib/s3.ts';
import { env } from '../lib/env.ts';
import { ForbiddenError, PayloadTooLargeError, ValidationError } from '../lib/errors.ts';
import { mediaUrl } from '../lib/media.ts';

const extension = (name: string) => name.toLowerCase().split('.').pop() ?? '';

/** A storage key: the kind's prefix, a sortable unique id, and a tidy version of the name. */
function keyFor(kind: UploadKind, fileName: string): string {
  const safe = fileName
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(-80);
  return `${UPLOAD_KINDS[kind].prefix}${ulid()}-${safe || 'file'}`;
}

function checkFile(kind: UploadKind, fileName: string, contentType: string, size: number) {
  const rules = UPLOAD_KINDS[kind];
  const typeOk =
    (rules.extensions as readonly string[]).includes(extension(fileName)) &&
    (rules.contentTypes as readonly string[]).includes(contentType);
  if (!typeOk) {
    const message = `Please choose a ${rules.label}.`;
    throw new ValidationError(message, [{ field: 'content_type', message }]);
  }
  if (size > rules.maxBytes) {
    const message = `The file is too large: please choose a ${rules.label}.`;
    throw new ValidationError(message, [{ field: 'size', message }]);
  }
}

/**
 * A presigned POST for one file. The policy itself restricts the key, the content type and the
 * size, so storage refuses anything else; it expires after 15 minutes.
 */
export async function presignUpload(pool: Pool, input: PresignInput): Promise<PresignAnswer> {
  if (pool === 'learner' && input.kind !== 'image') {
    throw new ForbiddenError('Learners may upload images only.');
  }
  checkFile(input.kind, input.file_name, input.content_type, input.size);
  const key = keyFor(input.kind, input.file_name);
  const post = await createPresignedPost(s3, {
    Bucket: env().MEDIA_BUCKET,
    Key: key,
    Conditions: [
      ['eq', '$key', key],
      ['eq', '$Content-Type', input.content_type],
      ['content-length-range', 1, UPLOAD_KINDS[input.kind].maxBytes],
    ],
    Fields: { 'Content-Type': input.content_type },
    Expires: UPLOAD_EXPIRY_SECONDS,
  });
  return {
    method: 'POST',
    // Locally the gateway's /media/ stands where the bucket's address is in AWS.
    upload_url: env().MEDIA_URL_MODE === 'local' ? '/media/' : post.url,
    fields: post.fields,
    url: mediaUrl(key),
  };
}

/** A small file sent through the API (`POST /upload/file`, field `image`). */
export async function storeUploadedFile(
  pool: Pool,
  file: { name: string; type: string; bytes: Uint8Array },
): Promise<string> {
  if (file.bytes.byteLength > MAX_DIRECT_UPLOAD_BYTES) throw new PayloadTooLargeError();
  if (file.bytes.byteLength === 0) throw new ValidationError('The file is empty.');
  const type = file.type.toLowerCase();
  const kind: UploadKind = type.startsWith('image/') || pool === 'learner' ? 'image' : 'notes';
  checkFile(kind, file.name, type, file.bytes.byteLength);
  const key = keyFor(kind, file.name);
  await s3.send(
    new PutObjectCommand({
      Bucket: env().MEDIA_BUCKET,
      Key: key,
      Body: file.bytes,
      ContentType: type,
    }),
  );
  return mediaUrl(key);
}
