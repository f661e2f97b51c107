import type { S3Event } from 'aws-lambda';
import {
  CATALOGUE_MESSAGES,
  VIDEO_MESSAGES,
  VIDEO_SOURCE_PREFIX,
  hlsFolderOf,
  videoKeyOf,
  type VideoState,
} from '@gia/shared';
import { getRecord } from '../db/catalogue.ts';
import {
  applyVideoState,
  getVideo,
  setVideoState,
  type VideoEntity,
  type VideoItem,
} from '../db/videos.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { getObject, s3Request } from '../lib/s3-presign.ts';
import { jobOutcomeOf, readyState, type JobStateEvent } from './events.ts';

/**
 * Starts the transcode of one source video; the job's end arrives later as a job-state event.
 * In AWS a MediaConvert job from the stack's job template; locally ffmpeg (scripts/src/
 * local-transcoder.ts) — both name their outputs as shared/src/video.ts says.
 */
export interface Transcoder {
  start(sourceKey: string): Promise<void>;
}

let transcoder: Transcoder | undefined;

/** Sets how transcodes are started (the local stack's ffmpeg; MediaConvert in AWS). */
export function useTranscoder(t: Transcoder | undefined): void {
  transcoder = t;
}

const PROCESSING: VideoState = {
  video_status: 'processing',
  video_duration_seconds: null,
  video_renditions: [],
};

/** Copies a video's state into every record that uses it. */
async function updateRefs(item: VideoItem | undefined): Promise<void> {
  if (!item) return;
  const state: VideoState = {
    video_status: item.video_status,
    video_duration_seconds: item.video_duration_seconds,
    video_renditions: item.video_renditions,
    ...(item.video_error ? { video_error: item.video_error } : {}),
  };
  for (const ref of item.refs) await applyVideoState(ref, item.source_key, state);
}

/** Marks the video processing (for its records too) and starts its transcode. */
async function startTranscode(sourceKey: string, onlyFrom?: VideoState['video_status'][]) {
  // The transcoder in use now: a stack that stops meanwhile unsets it, and this job still ends.
  const current = transcoder;
  if (!current) {
    logger.warn('video.transcode.unavailable', { sourceKey });
    return false;
  }
  const item = await setVideoState(sourceKey, PROCESSING, onlyFrom);
  if (!item) return false;
  await updateRefs(item);
  try {
    await current.start(sourceKey);
  } catch (err) {
    logger.error('video.transcode.start_failed', { sourceKey, err: String(err) });
    await updateRefs(
      await setVideoState(sourceKey, {
        ...PROCESSING,
        video_status: 'failed',
        video_error: VIDEO_MESSAGES.transcodeFailed,
      }),
    );
  }
  return true;
}

/** S3 ObjectCreated on `private/videos/`: transcode each uploaded video. */
export async function onVideoUploaded(event: S3Event): Promise<void> {
  for (const record of event.Records ?? []) {
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    if (!key.startsWith(VIDEO_SOURCE_PREFIX)) continue;
    await startTranscode(key);
  }
}

/** An object's size, from a one-byte ranged GET (`Content-Range: bytes 0-0/<size>`). */
const objectSize = async (key: string): Promise<number> =>
  (await s3Request('GET', key, { headers: { range: 'bytes=0-0' } }, async (res) => {
    await res.body?.cancel();
    const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1];
    return Number(total ?? res.headers.get('content-length') ?? 0);
  })) ?? 0;

/** How many size reads run at once. */
const SIZE_READS = 16;

/**
 * The bytes of each rendition in a video's HLS folder: its playlist and the segments it lists
 * (read through presigned requests, lib/s3-presign.ts: the functions carry no S3 client).
 */
async function renditionBytes(
  sourceKey: string,
  names: readonly string[],
): Promise<Map<string, number>> {
  const folder = hlsFolderOf(sourceKey);
  const sizes = new Map<string, number>();
  for (const name of names) {
    const playlist = await getObject(`${folder}master_${name}.m3u8`);
    if (!playlist) continue;
    const segments = new TextDecoder()
      .decode(playlist)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#') && !line.includes('/'));
    let total = playlist.byteLength;
    for (let i = 0; i < segments.length; i += SIZE_READS) {
      const batch = segments.slice(i, i + SIZE_READS).map((s) => objectSize(`${folder}${s}`));
      for (const size of await Promise.all(batch)) total += size;
    }
    sizes.set(name, total);
  }
  return sizes;
}

/** "MediaConvert Job State Change" (COMPLETE / ERROR): the video's state and its records'. */
export async function onJobStateChange(event: JobStateEvent): Promise<void> {
  const outcome = jobOutcomeOf(event);
  if (!outcome || outcome.status === 'ignored') return;
  let state: VideoState;
  if (outcome.status === 'failed') {
    state = {
      video_status: 'failed',
      video_duration_seconds: null,
      video_renditions: [],
      video_error: outcome.error,
    };
  } else {
    const bytes = await renditionBytes(
      outcome.sourceKey,
      outcome.renditions.map((r) => r.name),
    );
    state = readyState(outcome, (name) => bytes.get(name) ?? 0);
  }
  logger.info('video.transcode.finished', {
    sourceKey: outcome.sourceKey,
    status: state.video_status,
  });
  await updateRefs(await setVideoState(outcome.sourceKey, state));
}

/** Restarts the failed transcode of a topic's or about-subject's video (409 when not failed). */
export async function retryVideo(entity: VideoEntity, id: string): Promise<VideoState> {
  const record = await getRecord({ entity, id });
  if (!record) throw new NotFoundError(CATALOGUE_MESSAGES[entity].notFound);
  const sourceKey = videoKeyOf(record.video_url);
  const item = sourceKey ? await getVideo(sourceKey) : undefined;
  if (!sourceKey || item?.video_status !== 'failed') {
    throw new ConflictError(VIDEO_MESSAGES.notFailed);
  }
  if (!(await startTranscode(sourceKey, ['failed']))) {
    throw new ConflictError(VIDEO_MESSAGES.notFailed);
  }
  return PROCESSING;
}
