import { describe, expect, it } from 'vitest';
import { startRung } from './start-rung.ts';

const ladder = [
  { height: 234, bitrate_kbps: 72 },
  { height: 360, bitrate_kbps: 400 },
  { height: 480, bitrate_kbps: 800 },
  { height: 720, bitrate_kbps: 2000 },
];
const phone = { width: 360, height: 203, devicePixelRatio: 3 };

describe('the rung a video starts on without hls.js', () => {
  it('never goes above the player’s size at the capped pixel ratio, however fast the link', () => {
    expect(startRung(ladder, phone, 20_000_000, false)).toBe(1);
    expect(
      startRung(ladder, { width: 1280, height: 720, devicePixelRatio: 1 }, 20_000_000, false),
    ).toBe(3);
  });

  it('takes the highest rung the link carries (80% of it), else the lowest', () => {
    expect(
      startRung(ladder, { width: 1280, height: 720, devicePixelRatio: 1 }, 1_000_000, false),
    ).toBe(2);
    expect(startRung(ladder, phone, 450_000, false)).toBe(0);
    expect(startRung(ladder, phone, 50_000, false)).toBe(0);
  });

  it('keeps the lowest with data saver, and 0 for a video without a ladder', () => {
    expect(startRung(ladder, phone, 20_000_000, true)).toBe(0);
    expect(startRung([], phone, 20_000_000, false)).toBe(0);
  });
});
