import * as z from 'zod/mini';
import { template } from './message-template.ts';
import { registerMessages } from './message-codes.ts';

/*
 * The video contract (issue 15) shared by the transcoding pipeline, delivery and the player: the
 * statuses of a lesson's video, the HLS ladder, and where the transcoded outputs live. The same
 * names are used in AWS (MediaConvert) and locally (ffmpeg).
 */

/**
 * `none`: no video (or an MP4 that is not transcoded: the player plays `video_url`);
 * `processing`: being transcoded (the MP4 plays meanwhile); `ready`: HLS outputs exist;
 * `failed`: the transcode failed, `video_error` says why (a plain sentence for the admin).
 */
export const VIDEO_STATUSES = ['none', 'processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** One rung of the HLS ladder. Bitrates in kbps; `name` is the output's name modifier suffix. */
export interface HlsRung {
  name: string;
  width: number;
  height: number;
  video_kbps: number;
  audio_kbps: number;
}

/**
 * The ladder, lowest first. The lowest rung stays at or under 160 kbps in total for 2G-like
 * links, container overhead included: its 48 + 24 kbit/s (mono speech) come to about 100 kbit/s
 * as MPEG-TS segments (measured by `npm run bench -- video`), so it starts within 4 s and plays
 * without stalling on a 150 kbit/s link. Each rung's nominal total is its `video_kbps + audio_kbps`.
 */
export const HLS_LADDER: readonly HlsRung[] = [
  { name: '234p', width: 416, height: 234, video_kbps: 48, audio_kbps: 24 },
  { name: '360p', width: 640, height: 360, video_kbps: 336, audio_kbps: 64 },
  { name: '480p', width: 854, height: 480, video_kbps: 704, audio_kbps: 96 },
  { name: '720p', width: 1280, height: 720, video_kbps: 1872, audio_kbps: 128 },
];

/**
 * Segment length of every rendition, seconds: 4 (the shortest the contract allows). The player
 * streams each segment in 32 KB pieces (web/src/components/video-player/hls-config.ts), so the
 * first frame of the lowest rung does not wait for its whole first segment (about 50 KB).
 */
export const HLS_SEGMENT_SECONDS = 4;

/** The master playlist's file name in a video's HLS folder. */
export const MASTER_PLAYLIST = 'master.m3u8';

/** The poster's file name in a video's HLS folder (MediaConvert frame capture's own naming). */
export const POSTER_FILE = 'poster.0000000.jpg';

/**
 * The poster's size and JPEG quality (issue 30): small enough (at most 8 KB) that on a slow link
 * it never competes with the first segment (the walkthrough's 1280×720 poster was 78 KB, as big as
 * two 234p segments). The player box scales it up; it shows only until the first frame.
 * `ffmpegQ` is ffmpeg's `-q:v` (2 best … 31 worst), `quality` MediaConvert's frame capture
 * quality (1 … 100); both give about the same JPEG.
 */
export const POSTER = { width: 320, height: 180, ffmpegQ: 10, quality: 40 } as const;

/**
 * How a viewer may keep a transcoded video's files (playlists, segments, poster): privately, for a
 * day. They never change once written (a new upload is a new folder), and the lesson's boot script
 * (web/src/boot/boot.ts) fetches the first ones ahead for the player to find in the cache.
 */
export const HLS_CACHE_CONTROL = 'private, max-age=86400';

/** Where transcoded outputs live. */
export const HLS_PREFIX = 'private/hls/';

/** Where uploaded source videos live (the `video` upload kind's prefix). */
export const VIDEO_SOURCE_PREFIX = 'private/videos/';

/** A rendition playlist's file name: `master_<rung>.m3u8` (MediaConvert: base + name modifier). */
export const renditionPlaylistOf = (rung: Pick<HlsRung, 'name'>): string =>
  `master_${rung.name}.m3u8`;

/** A segment's file name: `master_<rung>_00001.ts` (1-based, five digits, as MediaConvert). */
export const segmentFileOf = (rung: Pick<HlsRung, 'name'>, index: number): string =>
  `master_${rung.name}_${String(index).padStart(5, '0')}.ts`;

/**
 * The HLS folder of a source key: `private/hls/<the key's file name without extension,
 * characters outside [A-Za-z0-9-] replaced by "-">/` (ends with `/`).
 */
export const hlsFolderOf = (sourceKey: string): string => {
  const file = sourceKey.slice(sourceKey.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  const base = (dot > 0 ? file.slice(0, dot) : file).replace(/[^A-Za-z0-9-]+/g, '-');
  return `${HLS_PREFIX}${base || 'video'}/`;
};

/** The source key of a stored `video_url` (`/media/<key>`), or `null` when it is not one. */
export const videoKeyOf = (videoUrl: string | null | undefined): string | null => {
  if (!videoUrl) return null;
  const path = videoUrl.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0]!;
  if (!path.startsWith('/media/')) return null;
  let key: string;
  try {
    key = decodeURIComponent(path.slice('/media/'.length));
  } catch {
    return null; // a malformed escape names no video: one bad record never fails a read
  }
  return key.startsWith(VIDEO_SOURCE_PREFIX) ? key : null;
};

/**
 * The rungs for a source of this height: never above the source. A source smaller than the
 * lowest rung gets that one rung at its own height (even, as H.264 needs), so it still plays.
 */
export const ladderFor = (sourceHeight: number): HlsRung[] => {
  const fits = HLS_LADDER.filter((r) => r.height <= sourceHeight);
  const lowest = HLS_LADDER[0]!;
  if (fits.length > 0) return fits;
  if (!(sourceHeight > 0)) return [lowest];
  const height = Math.max(2, Math.floor(sourceHeight / 2) * 2);
  const width = Math.max(2, Math.round((lowest.width * height) / lowest.height / 2) * 2);
  return [{ ...lowest, width, height }];
};

/** One transcoded rendition: its height, total bitrate and total size of its segments. */
export const VideoRendition = z.object({
  height: z.number(),
  bitrate_kbps: z.number(),
  bytes: z.number(),
});
export type VideoRendition = z.infer<typeof VideoRendition>;

/** The video fields stored on a topic and an about-subject record and returned by every read. */
export const VideoFields = {
  video_status: z.optional(z.enum(VIDEO_STATUSES)),
  video_duration_seconds: z.optional(z.nullable(z.number())),
  video_renditions: z.optional(z.array(VideoRendition)),
  /** Admin reads only: why the transcode failed. */
  video_error: z.optional(z.string()),
};

/** The state of a video as stored with its records (`retryTopicVideo` answers it). */
export const VideoState = z.object({
  video_status: z.enum(VIDEO_STATUSES),
  video_duration_seconds: z.nullable(z.number()),
  video_renditions: z.array(VideoRendition),
  video_error: z.optional(z.string()),
});
export type VideoState = z.infer<typeof VideoState>;

/** The state of a record without a transcoded video. */
export const NO_VIDEO: VideoState = {
  video_status: 'none',
  video_duration_seconds: null,
  video_renditions: [],
};

/** Texts of the video pipeline. */
export const VIDEO_MESSAGES = {
  notFailed: 'The video is not in a failed state.',
  noVideo: 'This record has no uploaded video.',
  unreadable: 'The video could not be read. Please upload an mp4, webm or mov file that plays.',
  transcodeFailed: 'The video could not be converted. Please upload it again or retry.',
  /** A conversion that failed for a reason the job gave (which output, the encoder's error). */
  transcodeFailedBecause: template(
    ['reason'],
    (reason: string) => `The video could not be converted (${reason}). Please retry.`,
  ),
  retried: 'The video is being converted again.',
} as const;

/**
 * The video fields a read answers for a stored record. A record stored before issue 15 (no
 * `video_status`) reads as `none`: the player plays its `video_url` MP4 as before.
 * `video_error` only for admin reads, only when failed.
 */
export const presentedVideoOf = (
  record: Partial<VideoState>,
  options: { admin: boolean },
): VideoState => {
  const status = VIDEO_STATUSES.includes(record.video_status as VideoStatus)
    ? (record.video_status as VideoStatus)
    : 'none';
  const state: VideoState = {
    video_status: status,
    video_duration_seconds:
      typeof record.video_duration_seconds === 'number' ? record.video_duration_seconds : null,
    video_renditions: Array.isArray(record.video_renditions) ? record.video_renditions : [],
  };
  if (options.admin && status === 'failed') {
    state.video_error = record.video_error || VIDEO_MESSAGES.transcodeFailed;
  }
  return state;
};

/** The caption languages the admin offers (BCP 47 codes). */
export const CAPTION_LANGUAGES = {
  en: 'English',
  hi: 'Hindi',
  kn: 'Kannada',
  ta: 'Tamil',
  te: 'Telugu',
  ml: 'Malayalam',
  mr: 'Marathi',
  bn: 'Bengali',
} as const;
export type CaptionLanguage = keyof typeof CAPTION_LANGUAGES;
const captionLanguage = z.enum(Object.keys(CAPTION_LANGUAGES) as [CaptionLanguage], {
  error: `language must be one of ${Object.keys(CAPTION_LANGUAGES).join(', ')}.`,
});

/** A topic's captions track as stored (`url`: `/media/private/captions/…`). */
export const TopicCaptions = z.object({ language: captionLanguage, url: z.string() });
export type TopicCaptions = z.infer<typeof TopicCaptions>;

/** `insertTopicCaptions`: a WebVTT file uploaded by presign (kind `captions`) for one language. */
export const TopicCaptionsInput = z.object({
  topic_id: z
    .string({ error: 'topic_id is required.' })
    .check(z.minLength(1, 'topic_id is required.')),
  language: captionLanguage,
  url: z.string({ error: 'url is required.' }).check(z.minLength(1, 'url is required.')),
});
export type TopicCaptionsInput = z.infer<typeof TopicCaptionsInput>;

/** `deleteTopicCaptions`: removes one language's captions from a topic. */
export const DeleteTopicCaptionsInput = z.object({
  topic_id: z
    .string({ error: 'topic_id is required.' })
    .check(z.minLength(1, 'topic_id is required.')),
  language: captionLanguage,
});

/** Texts of the captions routes. */
export const CAPTION_MESSAGES = {
  added: 'Captions added successfully.',
  removed: 'Captions removed successfully.',
  notUploaded: 'The captions must be a WebVTT file uploaded with kind captions.',
  missing: 'The captions file was not found. Please upload it again.',
  invalid: template(
    ['line', 'problem'],
    (line: number, message: string) =>
      `The captions file is not valid WebVTT (line ${line}: ${message}).`,
  ),
  empty: 'The captions file has no cues.',
} as const;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('video', VIDEO_MESSAGES, true);
registerMessages('caption', CAPTION_MESSAGES, true);
