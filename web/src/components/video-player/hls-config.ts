/**
 * hls.js settings for slow links: start on the lowest rung with a low first estimate (150 kbps,
 * the 234p rung) and climb as ABR measures the link; never a rung taller than the picture; a
 * short forward buffer so a learner who stops early has not paid for a minute ahead. Segments
 * of the higher rungs are streamed (`progressive`: the fetch loader hands the demuxer each 128 KB
 * as it arrives, so a 720p segment starts playing before it is complete); the lowest rung's
 * segments (about 60 KB) arrive whole, which is why they are 4 s long.
 */
export const HLS_CONFIG = {
  startLevel: 0,
  progressive: true,
  capLevelToPlayerSize: true,
  abrEwmaDefaultEstimate: 150_000,
  maxBufferLength: 20,
  maxMaxBufferLength: 30,
  backBufferLength: 30,
} as const;
