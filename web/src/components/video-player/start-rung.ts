/*
 * The rung a video starts on where no hls.js chooses it (issue 30): the boot script starts a lesson
 * in the browser's own HLS player before the app arrives, on one rendition playlist. It is the rung
 * hls.js would reach on this device: never above the player's size at the device pixel ratio hls.js
 * caps it to (capLevelToPlayerSize, hls-config.ts), never above what the link carries, the lowest
 * with data saver.
 */
import { rungCap } from './hls-config.ts';

/** A rung of the video's ladder, as the lesson answers it (`video.renditions`). */
export interface StartRendition {
  height: number;
  bitrate_kbps: number;
}

/** Of the link's estimate, the share a rung's bitrate may take (hls.js's abrBandWidthFactor). */
const LINK_SHARE = 0.8;

/**
 * The index (in `renditions`, lowest first) of the rung to start on: the highest the player's
 * size allows whose bitrate fits `estimate` (bits per second); the lowest when none fits, or with
 * `dataSaver`.
 */
export function startRung(
  renditions: readonly StartRendition[],
  device: { width: number; height: number; devicePixelRatio: number },
  estimate: number,
  dataSaver: boolean,
): number {
  if (!renditions.length || dataSaver) return 0;
  const levels = renditions.map((r) => ({
    width: Math.round((r.height * 16) / 9),
    height: r.height,
  }));
  const cap = rungCap(levels, device, device.devicePixelRatio);
  let at = 0;
  for (let i = 1; i <= (cap === -1 ? renditions.length - 1 : cap); i++) {
    if (renditions[i]!.bitrate_kbps * 1000 <= estimate * LINK_SHARE) at = i;
  }
  return at;
}
