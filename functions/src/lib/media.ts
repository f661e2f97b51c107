import { env } from './env.ts';
import { logger } from './logger.ts';
import { presignGetObject } from './s3-presign.ts';
import { MEDIA_URL_MESSAGES } from '@gia/shared/media-url-messages.ts';

/** Stored media urls look like `/media/<key>`; keys under `private/` are never public. */
export const MEDIA_PATH = '/media/';
export const PUBLIC_PREFIX = 'public/';
export const PRIVATE_PREFIX = 'private/';

/** How long a signed media URL stays valid. */
export const SIGNED_URL_SECONDS = 3600;

/** Why a media url was refused on write. */
export const MEDIA_URL_INVALID = MEDIA_URL_MESSAGES.mediaUrlInvalid;

/** Longest media url accepted on write. */
export const MAX_MEDIA_URL_LENGTH = 2000;

/** `decodeURIComponent` that answers undefined for a malformed escape instead of throwing. */
function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** A storage key we would write: no traversal, no control characters, no empty segment. */
const isSafeKey = (key: string) =>
  key !== '' &&
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u001f\u007f\\]/.test(key) &&
  key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');

/**
 * The storage key of a stored media url, or undefined when it is not ours (e.g. an external link)
 * or not readable (a malformed `%` escape, a traversal). Never throws: one bad stored url must
 * not fail a list.
 */
export function mediaKey(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.startsWith(MEDIA_PATH)) return undefined;
  const key = safeDecode(url.slice(MEDIA_PATH.length).split('?')[0] ?? '');
  return key !== undefined && isSafeKey(key) ? key : undefined;
}

export const isPrivateMedia = (url: unknown) => mediaKey(url)?.startsWith(PRIVATE_PREFIX) ?? false;

/** The url to store for a key. */
export const mediaUrl = (key: string) =>
  `${MEDIA_PATH}${key.split('/').map(encodeURIComponent).join('/')}`;

/** The key of one of our own signed URLs as the API handed it out in AWS (S3 presigned GET). */
function signedS3Key(url: URL): string | undefined {
  if (!url.searchParams.has('X-Amz-Signature')) return undefined;
  const bucket = env().MEDIA_BUCKET;
  const path = safeDecode(url.pathname.slice(1));
  if (path === undefined) return undefined;
  if (url.hostname.startsWith(`${bucket}.`)) return path;
  if (path.startsWith(`${bucket}/`)) return path.slice(bucket.length + 1);
  return undefined;
}

/**
 * The media url to store for what a client sent, or undefined when it is not acceptable: blank
 * (none), one of our `/media/<key>` urls (a signed one, as the admin lists hand out, is stored
 * without its signature), or an `https:` link. Anything else (`%` that does not decode, a
 * traversal, `javascript:`, `http:`) is refused on write, so it can never reach a list.
 */
export function normaliseMediaUrl(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return '';
  if (text.length > MAX_MEDIA_URL_LENGTH) return undefined;
  if (text.startsWith(MEDIA_PATH)) {
    const key = mediaKey(text);
    return key ? mediaUrl(key) : undefined;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return undefined;
  const own = signedS3Key(url);
  if (own !== undefined) return isSafeKey(own) ? mediaUrl(own) : undefined;
  return url.href;
}

/**
 * A readable URL for a stored media url: public images as they are; private media as a signed,
 * expiring URL. In AWS that is an S3 presigned GET; on the local stack the same signature
 * is carried on `/media/<key>`, where the gateway checks it as S3 would. A url that is neither
 * ours nor `https:`, or that cannot be signed, is `null`: one bad record never fails a list.
 */
export async function signedMediaUrl(url: unknown): Promise<string | null> {
  if (typeof url !== 'string' || !url) return null;
  if (!url.startsWith(MEDIA_PATH)) return /^https:\/\//i.test(url) ? url : null;
  const key = mediaKey(url);
  if (!key) return null;
  if (!key.startsWith(PRIVATE_PREFIX)) return url;
  try {
    const signed = await presignGetObject(env().MEDIA_BUCKET, key, {
      expiresIn: SIGNED_URL_SECONDS,
    });
    if (env().MEDIA_URL_MODE !== 'local') return signed;
    const parsed = new URL(signed);
    return `${mediaUrl(key)}${parsed.search}`;
  } catch (err) {
    logger.warn('media url not signed', { error: err as Error });
    return null;
  }
}
