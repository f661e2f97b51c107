import { getSignedCookies } from '@aws-sdk/cloudfront-signer';
import { hlsFolderOf, MASTER_PLAYLIST, POSTER_FILE } from '@gia/shared/video.ts';
import { env } from './env.ts';
import { setResponseCookie, viewerHost } from './http.ts';
import { logger } from './logger.ts';
import {
  MEDIA_PATH,
  mediaKey,
  PRIVATE_PREFIX,
  SIGNED_URL_SECONDS,
  signedMediaUrl,
} from './media.ts';
import { loadSecrets } from './secrets.ts';

/**
 * Private delivery of a transcoded video (issue 15): CloudFront signed COOKIES, not signed URLs.
 *
 * A master playlist names its rendition playlists, and those name their segments, by relative
 * URI; a signed URL covers one object, so signed URLs would mean rewriting every playlist for
 * every viewer. One custom policy whose resource is the video's folder
 * (`https://<site>/media/private/hls/<folder>/*`, valid {@link SIGNED_URL_SECONDS}) covers every
 * playlist and segment of that one video and nothing else; the cookies carry it, scoped to
 * `Path=/media/private/hls/<folder>/` so the browser sends a video's cookies only with that
 * video's requests. CloudFront checks them in AWS; the local gateway checks the same cookies
 * (scripts/src/hls-access.ts).
 */

/** The three cookie names CloudFront reads. */
export const HLS_COOKIES = ['CloudFront-Policy', 'CloudFront-Signature', 'CloudFront-Key-Pair-Id'];

/** What a read adds for a video. */
export interface HlsFields {
  video_hls_url: string | null;
  video_poster_url: string | null;
}

const NONE: HlsFields = { video_hls_url: null, video_poster_url: null };

/** A host the policy may name: letters, digits, dots, dashes and a port; never a wildcard. */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

let warned = false;

/** The signing key (Secrets Manager in AWS, the local stack's generated key pair locally). */
async function signingKey(): Promise<{ keyPairId: string; privateKey: string } | undefined> {
  await loadSecrets();
  const { HLS_KEY_PAIR_ID: keyPairId, HLS_PRIVATE_KEY: privateKey } = env();
  if (keyPairId && privateKey) return { keyPairId, privateKey };
  if (!warned) logger.warn('HLS signing key not configured: videos play their MP4');
  warned = true;
  return undefined;
}

/** The HLS folder (`private/hls/<folder>/`) of a record's stored `video_url`, if it has one. */
export function hlsFolderOfVideo(videoUrl: unknown): string | undefined {
  const key = mediaKey(videoUrl);
  return key?.startsWith(PRIVATE_PREFIX) ? hlsFolderOf(key) : undefined;
}

/** The CloudFront custom policy granting GETs of one folder until `expiresAt` (epoch seconds). */
export const folderPolicy = (resource: string, expiresAt: number) =>
  JSON.stringify({
    Statement: [
      { Resource: resource, Condition: { DateLessThan: { 'AWS:EpochTime': expiresAt } } },
    ],
  });

/**
 * `video_hls_url` and `video_poster_url` of a record for a reader who may watch it (`open`) when its
 * video is `ready`, and the access cookies for its folder added to the answer; otherwise `null`s
 * and no cookie. Never throws: one record that cannot be signed plays its MP4.
 */
export async function hlsAccess(
  record: { video_url?: unknown; video_status?: unknown },
  open: boolean,
): Promise<HlsFields> {
  if (!open || record.video_status !== 'ready') return NONE;
  const folder = hlsFolderOfVideo(record.video_url);
  const host = viewerHost();
  if (!folder || !host || !SAFE_HOST.test(host)) return NONE;
  try {
    const key = await signingKey();
    if (!key) return NONE;
    const local = env().MEDIA_URL_MODE === 'local';
    const path = `${MEDIA_PATH}${folder}`;
    const expiresAt = Math.floor(Date.now() / 1000) + SIGNED_URL_SECONDS;
    const cookies = getSignedCookies({
      keyPairId: key.keyPairId,
      privateKey: key.privateKey,
      policy: folderPolicy(`${local ? 'http' : 'https'}://${host}${path}*`, expiresAt),
    });
    const attributes = `Path=${path}; Max-Age=${SIGNED_URL_SECONDS}; ${local ? '' : 'Secure; '}HttpOnly; SameSite=Strict`;
    for (const name of HLS_COOKIES) {
      setResponseCookie(`${name}=${cookies[name as keyof typeof cookies]}; ${attributes}`);
    }
    return {
      video_hls_url: `${path}${MASTER_PLAYLIST}`,
      video_poster_url: `${path}${POSTER_FILE}`,
    };
  } catch (err) {
    logger.warn('HLS access not signed', { error: err as Error });
    return NONE;
  }
}

/** Stored captions, each `url` signed for a reader who may watch (else the list is empty). */
export async function signedCaptions(
  captions: unknown,
  open: boolean,
): Promise<{ language: string; url: string }[]> {
  if (!open || !Array.isArray(captions)) return [];
  const out: { language: string; url: string }[] = [];
  for (const c of captions as { language?: unknown; url?: unknown }[]) {
    const url = await signedMediaUrl(c?.url);
    if (typeof c?.language === 'string' && url) out.push({ language: c.language, url });
  }
  return out;
}

/**
 * Everything delivery adds to a record with a video: the HLS fields and its captions with signed
 * urls (`[]` for a reader who may not watch, or when there are none).
 */
export async function videoDelivery(
  record: { video_url?: unknown; video_status?: unknown; captions?: unknown },
  open: boolean,
): Promise<HlsFields & { captions: { language: string; url: string }[] }> {
  return {
    ...(await hlsAccess(record, open)),
    captions: await signedCaptions(record.captions, open),
  };
}
