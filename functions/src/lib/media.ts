import { env } from './env.ts';
import { presignGetObject } from './s3-presign.ts';

/** Stored media urls look like `/media/<key>`; keys under `private/` are never public. */
export const MEDIA_PATH = '/media/';
export const PUBLIC_PREFIX = 'public/';
export const PRIVATE_PREFIX = 'private/';

/** How long a signed media URL stays valid. */
export const SIGNED_URL_SECONDS = 3600;

/** The storage key of a stored media url, or undefined when it is not ours (e.g. an external link). */
export function mediaKey(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.startsWith(MEDIA_PATH)) return undefined;
  const key = decodeURIComponent(url.slice(MEDIA_PATH.length).split('?')[0] ?? '');
  return key && !key.includes('..') ? key : undefined;
}

export const isPrivateMedia = (url: unknown) => mediaKey(url)?.startsWith(PRIVATE_PREFIX) ?? false;

/** The url to store for a key. */
export const mediaUrl = (key: string) =>
  `${MEDIA_PATH}${key.split('/').map(encodeURIComponent).join('/')}`;

/**
 * A readable URL for a stored media url: public images as they are; private media as a signed,
 * expiring URL. In AWS that is an S3 presigned GET; on the local stack the same signature
 * is carried on `/media/<key>`, where the gateway checks it as S3 would.
 */
export async function signedMediaUrl(url: unknown): Promise<string | null> {
  if (typeof url !== 'string' || !url) return null;
  const key = mediaKey(url);
  if (!key || !key.startsWith(PRIVATE_PREFIX)) return url;
  const signed = await presignGetObject(env().MEDIA_BUCKET, key, {
    expiresIn: SIGNED_URL_SECONDS,
  });
  if (env().MEDIA_URL_MODE !== 'local') return signed;
  const parsed = new URL(signed);
  return `${mediaUrl(key)}${parsed.search}`;
}
