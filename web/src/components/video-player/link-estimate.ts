/*
 * Where hls.js starts (issue 30, "bytes that fit the screen"): from the link's speed as this
 * device last measured it, else as the browser reports it, else a slow link's.
 */

/** Where the last session's bandwidth estimate is kept on the device (bits per second). */
export const ESTIMATE_KEY = 'gia.video.bandwidth';

/** A slow link's first guess (the 234p rung's bitrate), as before this setting existed. */
export const SLOW_LINK_ESTIMATE = 150_000;

/** Estimates outside these bounds are not trusted (a stale tab, a cached burst). */
const BOUNDS = { min: 50_000, max: 20_000_000 } as const;

/** An estimate is kept for a day: the next session is likely on the same link (home Wi-Fi, data). */
const KEEP_MS = 24 * 3600 * 1000;

/** What `navigator.connection` reports (Network Information API; Chromium only). */
interface ConnectionInfo {
  /** Megabits per second, rounded by the browser (and capped at 10). */
  downlink?: number;
}

const inBounds = (bps: number) => Number.isFinite(bps) && bps >= BOUNDS.min && bps <= BOUNDS.max;

/**
 * hls.js's first bandwidth estimate, bits per second: the last session's measurement if it is
 * less than a day old, else 80% of what the browser reports, else {@link SLOW_LINK_ESTIMATE}.
 */
export function startEstimate(
  storage: Pick<Storage, 'getItem'> | undefined,
  nav: object | undefined,
  now = Date.now(),
): number {
  try {
    const saved = JSON.parse(storage?.getItem(ESTIMATE_KEY) ?? 'null') as {
      bps?: number;
      at?: number;
    } | null;
    if (saved && typeof saved.bps === 'number' && typeof saved.at === 'number') {
      if (now - saved.at < KEEP_MS && inBounds(saved.bps)) return Math.round(saved.bps);
    }
  } catch {
    // An unreadable value is no estimate.
  }
  const downlink = (nav as { connection?: ConnectionInfo } | undefined)?.connection?.downlink;
  if (typeof downlink === 'number' && inBounds(downlink * 1e6 * 0.8)) {
    return Math.round(downlink * 1e6 * 0.8);
  }
  return SLOW_LINK_ESTIMATE;
}

/** Keeps hls.js's current estimate for the next session (nothing if it is not a real one). */
export function keepEstimate(
  storage: Pick<Storage, 'setItem'> | undefined,
  bps: number,
  now = Date.now(),
): void {
  if (!inBounds(bps)) return;
  try {
    storage?.setItem(ESTIMATE_KEY, JSON.stringify({ bps: Math.round(bps), at: now }));
  } catch {
    // Storage full or refused: the next session starts from the browser's report.
  }
}
