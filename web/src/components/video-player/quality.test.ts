import { describe, expect, it } from 'vitest';
import { megabytes } from '../../lib/format.ts';
import { qualityLabel, rungName } from './quality.ts';

const renditions = [
  { height: 234, bitrate_kbps: 150, bytes: 11_200_000 },
  { height: 360, bitrate_kbps: 400, bytes: 28_400_000 },
  { height: 720, bitrate_kbps: 2000, bytes: 2_450_000 },
];

describe('the quality menu', () => {
  it('names each rung of the ladder by its height', () => {
    expect([234, 360, 480, 720, 1080].map(rungName)).toEqual(['Low', 'Medium', 'High', 'HD', 'HD']);
  });
  it('shows each rung with what this lesson costs at it', () => {
    expect(qualityLabel(234, renditions)).toBe('Low · 234p · 11 MB');
    expect(qualityLabel(360, renditions)).toBe('Medium · 360p · 28 MB');
    expect(qualityLabel(720, renditions)).toBe('HD · 720p · 2.5 MB');
  });
  it('leaves the size out when the record does not know it', () => {
    expect(qualityLabel(480, renditions)).toBe('High · 480p');
    expect(qualityLabel(234, [])).toBe('Low · 234p');
  });
  it('formats sizes as a data pack counts them', () => {
    expect(megabytes(11_200_000)).toBe('11 MB');
    expect(megabytes(2_450_000)).toBe('2.5 MB');
    expect(megabytes(30_000)).toBe('0.1 MB');
    expect(megabytes(0)).toBe('0 MB');
  });
});
