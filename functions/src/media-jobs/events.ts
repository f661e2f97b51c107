import { HLS_LADDER, VIDEO_MESSAGES, type VideoRendition, type VideoState } from '@gia/shared';

/*
 * The events the transcoding pipeline reacts to, in AWS's shapes: S3's object-created
 * notification of an upload, and EventBridge's "MediaConvert Job State Change" (the local
 * transcoder sends the same shape).
 */

/** The job metadata naming the source video (MediaConvert `UserMetadata`). */
export const SOURCE_KEY_METADATA = 'source_key';

export interface JobOutputDetail {
  outputFilePaths?: string[];
  durationInMs?: number;
  videoDetails?: { widthInPx?: number; heightInPx?: number };
}
export interface JobStateDetail {
  status: string;
  jobId?: string;
  userMetadata?: Record<string, string>;
  errorCode?: number;
  errorMessage?: string;
  outputGroupDetails?: {
    type?: string;
    playlistFilePaths?: string[];
    outputDetails?: JobOutputDetail[];
  }[];
}
export interface JobStateEvent {
  source?: string;
  'detail-type'?: string;
  detail: JobStateDetail;
}

/** MediaConvert's error codes for an input it cannot read (and the local transcoder's). */
const INPUT_ERRORS = new Set([1010, 1020, 1030, 1040, 1050, 1060, 1070]);

/** The rendition a playlist path names (`…/master_360p.m3u8` → the 360p rung), if any. */
export const rungOfPath = (path: string) =>
  HLS_LADDER.find((r) => new RegExp(`master_${r.name}(\\.m3u8|_\\d+\\.ts)$`).test(path));

/** What a finished job's event says, before the renditions' sizes are measured. */
export type JobOutcome =
  | { sourceKey: string; status: 'failed'; error: string }
  | {
      sourceKey: string;
      status: 'ready';
      durationSeconds: number | null;
      renditions: { name: string; height: number; bitrate_kbps: number }[];
    }
  | { sourceKey: string; status: 'ignored' };

/** The longest reason from a job's error the admin is shown. */
const REASON_CHARS = 240;

/**
 * A job's error text as the admin may read it: one line, each path (`s3://bucket/…/x.mp4`, a
 * work folder's `/tmp/…/master_234p.m3u8`) cut to its file name, at most `REASON_CHARS` long.
 */
export const failureReasonOf = (message: string | undefined): string | undefined => {
  const reason = (message ?? '')
    .replace(/(?<![\w.-])(?:s3:\/\/|\/)[^\s'"[\]]*\/([^\s'"[\]/]+)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (!reason) return undefined;
  return reason.length > REASON_CHARS ? `${reason.slice(0, REASON_CHARS - 1)}…` : reason;
};

/**
 * Reads a job-state event: COMPLETE → ready with its renditions, ERROR → failed with a reason
 * (an unreadable input is the admin's file's fault; any other error says what failed).
 */
export function jobOutcomeOf(event: JobStateEvent): JobOutcome | undefined {
  const detail = event.detail;
  const sourceKey = detail?.userMetadata?.[SOURCE_KEY_METADATA];
  if (!sourceKey) return undefined;
  if (detail.status === 'ERROR') {
    const reason = failureReasonOf(detail.errorMessage);
    const error = INPUT_ERRORS.has(Number(detail.errorCode))
      ? VIDEO_MESSAGES.unreadable
      : reason
        ? VIDEO_MESSAGES.transcodeFailedBecause(reason)
        : VIDEO_MESSAGES.transcodeFailed;
    return { sourceKey, status: 'failed', error };
  }
  if (detail.status !== 'COMPLETE') return { sourceKey, status: 'ignored' };
  const outputs = (detail.outputGroupDetails ?? [])
    .filter((g) => g.type === 'HLS_GROUP')
    .flatMap((g) => g.outputDetails ?? []);
  let durationMs = 0;
  const renditions: { name: string; height: number; bitrate_kbps: number }[] = [];
  for (const out of outputs) {
    durationMs = Math.max(durationMs, out.durationInMs ?? 0);
    const rung = (out.outputFilePaths ?? []).map(rungOfPath).find(Boolean);
    if (!rung) continue;
    renditions.push({
      name: rung.name,
      height: out.videoDetails?.heightInPx ?? rung.height,
      bitrate_kbps: rung.video_kbps + rung.audio_kbps,
    });
  }
  renditions.sort((a, b) => a.height - b.height || a.bitrate_kbps - b.bitrate_kbps);
  return {
    sourceKey,
    status: 'ready',
    durationSeconds: durationMs > 0 ? Math.round(durationMs / 100) / 10 : null,
    // MediaConvert never upscales (FIT_NO_UPSCALE): rungs above a small source come out at the
    // source's height. The learner is offered each height once, at its lowest bitrate.
    renditions: renditions.filter((r, i) => i === 0 || r.height !== renditions[i - 1]!.height),
  };
}

/** The state of a ready video, with each rendition's measured size. */
export const readyState = (
  outcome: Extract<JobOutcome, { status: 'ready' }>,
  bytesOf: (name: string) => number,
): VideoState => ({
  video_status: 'ready',
  video_duration_seconds: outcome.durationSeconds,
  video_renditions: outcome.renditions.map((r): VideoRendition => ({
    height: r.height,
    bitrate_kbps: r.bitrate_kbps,
    bytes: bytesOf(r.name),
  })),
});
