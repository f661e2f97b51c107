import { megabytes } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import type { Rendition } from './source.ts';

/** The learner's name of a rung, by its height (the contract's ladder: 234, 360, 480, 720). */
export function rungName(height: number): string {
  if (height <= 270) return t('player.rungLow');
  if (height <= 400) return t('player.rungMedium');
  if (height <= 576) return t('player.rungHigh');
  return t('player.rungHd');
}

/**
 * A quality menu entry: "Low · 234p · 11 MB" — the size is what THIS lesson costs at that rung,
 * from the record's `video_renditions`; without a known size the entry says only name and height.
 */
export function qualityLabel(height: number, renditions: readonly Rendition[]): string {
  const r = renditions.find((x) => x.height === height);
  const parts = [rungName(height), `${height}p`];
  if (r && r.bytes > 0) parts.push(megabytes(r.bytes));
  return parts.join(' · ');
}

/** The playback speeds the menu offers. */
export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/** "1×", "1.25×". */
export const speedLabel = (s: number) => `${s}×`;
