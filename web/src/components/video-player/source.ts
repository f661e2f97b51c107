/**
 * What the player needs to play one video, read from any record that carries the video contract's
 * fields (a topic, an about-subject answer, a subject outline's topic): the HLS master playlist
 * when the video is transcoded and the reader entitled, else the MP4 (`video_url`) as before.
 */
import type { VideoRendition } from '@gia/shared/video.ts';

/** One rung of this video: height, total bitrate, and its total size (bytes) for this video. */
export type Rendition = VideoRendition;

export interface CaptionTrack {
  language: string;
  url: string;
}

export interface VideoSource {
  /** The MP4 fallback (signed `/media/...` URL), or '' when none. */
  mp4Url: string;
  /** The master playlist, only for an entitled reader of a `ready` video. */
  hlsUrl: string | null;
  posterUrl: string | null;
  renditions: readonly Rendition[];
  captions: readonly CaptionTrack[];
}

/** The contract's video fields as they appear on a record (every one optional: legacy records). */
export interface VideoFields {
  video_url?: string | null;
  video_status?: string | null;
  video_hls_url?: string | null;
  video_poster_url?: string | null;
  video_renditions?: readonly Rendition[] | null;
  captions?: readonly CaptionTrack[] | null;
}

/** The player's source for a record: HLS only when `ready` with a URL; the MP4 otherwise. */
export function videoSourceOf(r: VideoFields): VideoSource {
  const ready = (r.video_status ?? 'ready') === 'ready';
  return {
    mp4Url: r.video_url ?? '',
    hlsUrl: ready && r.video_hls_url ? r.video_hls_url : null,
    posterUrl: r.video_poster_url ?? null,
    renditions: [...(r.video_renditions ?? [])].sort((a, b) => a.height - b.height),
    captions: r.captions ?? [],
  };
}

/** Whether a record has anything to play. */
export const hasVideo = (r: VideoFields) => Boolean(r.video_url || r.video_hls_url);
