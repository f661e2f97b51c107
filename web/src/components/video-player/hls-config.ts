/**
 * hls.js settings for slow links: start on the lowest rung with a low first estimate (150 kbps,
 * the 234p rung) and climb as ABR measures the link; never a rung taller than the picture; a
 * short forward buffer so a learner who stops early has not paid for a minute ahead.
 */
export const HLS_CONFIG = {
  startLevel: 0,
  capLevelToPlayerSize: true,
  abrEwmaDefaultEstimate: 150_000,
  maxBufferLength: 20,
  maxMaxBufferLength: 30,
  backBufferLength: 30,
} as const;
