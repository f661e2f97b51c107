import { describe, expect, it } from 'vitest';
import { CapLevelController, type Level } from 'hls.js';
import { HLS_LADDER } from '@gia/shared/video.ts';
import { HLS_CONFIG, rungCap } from './hls-config.ts';

/*
 * The rung hls.js allows a player of a given size (issue 30, "bytes that fit the screen"), with
 * hls.js's own rule (`capLevelToPlayerSize`: the smallest rung at least as large as the player
 * in device pixels, the ratio capped by `maxDevicePixelRatio`) and the app's settings.
 */
const levels = HLS_LADDER.map((r) => ({ width: r.width, height: r.height }) as Level);
const rungFor = (cssWidth: number, devicePixelRatio: number) => {
  const scale = Math.min(devicePixelRatio, HLS_CONFIG.maxDevicePixelRatio);
  const width = cssWidth * scale;
  const height = ((cssWidth * 9) / 16) * scale;
  return HLS_LADDER[CapLevelController.getMaxLevelByMediaSize(levels, width, height)]!.name;
};

describe('the rung a player may reach', () => {
  it('keeps a 360 px phone’s player (about 330 px wide) at 360p, whatever its screen’s ratio', () => {
    for (const ratio of [1.5, 2, 2.75, 3, 4]) expect(rungFor(328, ratio)).toBe('360p');
    expect(rungFor(328, 1)).toBe('234p');
    // A 412 px phone (Pixel-size) too.
    expect(rungFor(380, 3)).toBe('360p');
  });

  it('lets a wide player reach 720p', () => {
    expect(rungFor(900, 1)).toBe('720p');
    expect(rungFor(800, 2)).toBe('720p');
    expect(rungFor(800, 1)).toBe('480p');
  });
});

describe('rungCap, the cap the player restores after data saver', () => {
  it('is hls.js’s own cap for every player size and screen', () => {
    for (const width of [200, 328, 380, 569, 570, 800, 900, 1400]) {
      for (const ratio of [1, 1.5, 2, 3]) {
        const player = { width, height: (width * 9) / 16 };
        const scale = Math.min(ratio, HLS_CONFIG.maxDevicePixelRatio);
        const theirs = CapLevelController.getMaxLevelByMediaSize(
          levels,
          player.width * scale,
          player.height * scale,
        );
        expect(rungCap(levels, player, ratio), `${width} px at ${ratio}`).toBe(theirs);
      }
    }
  });

  it('leaves a player with no size yet uncapped', () => {
    expect(rungCap(levels, { width: 0, height: 0 }, 2)).toBe(-1);
  });
});
