import type {
  FetchLoader,
  HlsConfig,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
} from 'hls.js';

/**
 * How many bytes of a segment the fetch loader collects before it hands them to the demuxer.
 * hls.js's own threshold is 128 KB, more than a whole 4 s segment of the lowest rungs (about
 * 50 KB at 234p), so those arrived whole before the first frame (4.1 s at 150 kbit/s, 2.2 s at
 * 400 kbit/s). 32 KB, about 2.5 s of the lowest rung, puts the first frame at 2.9 s and 1.7 s;
 * 16 KB gave 2.0 s and 1.4 s but playback then started on so little that a 150 kbit/s link
 * stalled once (`npm run bench -- video`, docs/benchmarks.md).
 */
export const SEGMENT_CHUNK_BYTES = 32 * 1024;

/**
 * hls.js settings for slow links: start on the rung the link's first estimate affords (the last
 * session's measurement or the browser's report: `link-estimate.ts`; 150 kbps, the 234p rung,
 * when neither is known) and let ABR follow the link; never a rung wider than the picture at a
 * device pixel ratio of at most 1.5, so a 360 px phone's player (about 330 px: 495 px) stays at or
 * under 640×360 whatever its screen's ratio (3 on many phones), while a laptop's 900 px player
 * gets 720p; a short forward buffer so a learner who stops early has not paid for a minute ahead.
 * Segments are streamed (`progressive`, hls.js's fetch loader) in chunks of
 * {@link SEGMENT_CHUNK_BYTES}.
 */
export const HLS_CONFIG = {
  startLevel: -1,
  // The start rung is the estimate's: no test download of the lowest rung first (on a slow link
  // it costs a segment; on a fast one it made the first seconds a rung switch).
  testBandwidth: false,
  progressive: true,
  capLevelToPlayerSize: true,
  maxDevicePixelRatio: 1.5,
  abrEwmaDefaultEstimate: 150_000,
  maxBufferLength: 20,
  maxMaxBufferLength: 30,
  backBufferLength: 30,
} as const;

/**
 * The settings for a player, given hls.js's `FetchLoader` (exported by the light build) and the
 * link's first estimate (bits per second): the
 * segment loader is the fetch loader with a smaller streaming threshold, an init segment (read
 * whole by hls.js) stays whole. `loader` stays hls.js's own, so `progressive` keeps it.
 */
export function hlsConfig(
  Fetch: typeof FetchLoader,
  estimate: number = HLS_CONFIG.abrEwmaDefaultEstimate,
): Partial<HlsConfig> {
  class SegmentLoader extends Fetch {
    override load(
      context: LoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<LoaderContext>,
    ) {
      const whole = config.highWaterMark;
      const highWaterMark =
        whole !== undefined && Number.isFinite(whole)
          ? Math.min(whole, SEGMENT_CHUNK_BYTES)
          : whole;
      super.load(context, { ...config, highWaterMark }, callbacks);
    }
  }
  return {
    ...HLS_CONFIG,
    abrEwmaDefaultEstimate: estimate,
    fLoader: SegmentLoader as unknown as HlsConfig['fLoader'],
  };
}

/**
 * The highest rung hls.js's `capLevelToPlayerSize` allows a player (its rule, with
 * {@link HLS_CONFIG}'s ratio cap): the first rung at least as wide or as tall as the player's
 * larger side in device pixels; all of them when none is. The player restores this cap itself
 * after data saver is turned off, because hls.js re-applies its own only when the player's size
 * changes: until then a phone would stream the top rung. A player not laid out yet (no size) is
 * not capped (-1).
 */
export function rungCap(
  levels: readonly { width: number; height: number }[],
  player: { width: number; height: number },
  devicePixelRatio: number,
): number {
  const scale = Math.min(devicePixelRatio || 1, HLS_CONFIG.maxDevicePixelRatio);
  const side = Math.max(player.width, player.height) * scale;
  if (!(side > 0)) return -1;
  const at = levels.findIndex((l) => l.width >= side || l.height >= side);
  return at === -1 ? levels.length - 1 : at;
}
