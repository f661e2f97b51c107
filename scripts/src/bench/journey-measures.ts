import type { Row } from './report.ts';

/*
 * The pure half of the "Journey on 3G" section (sections/journey.ts): medians, the rung a media
 * URL names, and the budget rows built from what the browser measured.
 */

/** The median of the samples (the lower middle of an even count), `null` without any. */
export function median(samples: readonly number[]): number | null {
  if (!samples.length) return null;
  return [...samples].sort((a, b) => a - b)[Math.floor((samples.length - 1) / 2)]!;
}

/**
 * The rung (picture height) an HLS rendition playlist or segment URL names, by the contract's
 * names (`master_360p.m3u8`, `master_360p_00001.ts`, shared/src/video.ts); `undefined` for the
 * master playlist, the poster and anything else.
 */
export function rungOf(url: string): number | undefined {
  const name = new URL(url, 'http://x').pathname.split('/').pop() ?? '';
  const m = /_(\d+)p(?:_\d+)?\.(?:m3u8|ts|mp4|m4s)$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** What a request fetched, for the breakdown of the bytes before the first frame. */
export type Kind = 'app' | 'api' | 'video' | 'other';
export const KINDS: Kind[] = ['app', 'api', 'video', 'other'];
export const kindOf = (url: string): Kind => {
  const path = new URL(url, 'http://x').pathname;
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/media/private/hls/')) return 'video';
  return /\.(js|css|html)$|^\/[^.]*$/.test(path) ? 'app' : 'other';
};

/** The highest rung among the URLs (0 when none names a rung). */
export const highestRung = (urls: readonly string[]) =>
  Math.max(0, ...urls.map((u) => rungOf(u) ?? 0));

/** Seconds, one decimal. */
export const secondsOf = (ms: number | null) =>
  ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`;

/** Megabytes (10^6 bytes), two decimals. */
export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

/**
 * A timed measure's budget row: the median of the samples in seconds, with every sample and the
 * count, against a budget of at most `budgetS` seconds. A run that never reached its mark
 * (`null`) fails the row: the median is taken over the runs that did, and the misses are named.
 */
export function timedRow(what: string, samples: readonly (number | null)[], budgetS: number): Row {
  const reached = samples.filter((s): s is number => s !== null);
  const missed = samples.length - reached.length;
  const mid = median(reached);
  const each = samples.map(secondsOf).join(', ');
  return {
    what,
    value:
      mid === null
        ? `never (n=${samples.length})`
        : `${secondsOf(mid)} (median of ${samples.length}: ${each})`,
    budget: `≤ ${budgetS} s`,
    met: samples.length === 0 ? null : missed === 0 && mid !== null && mid <= budgetS * 1000,
  };
}
