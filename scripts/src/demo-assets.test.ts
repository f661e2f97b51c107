import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_LESSON_SECONDS } from './demo-assets.ts';

/** An MP4's length in seconds, from its movie header box (`mvhd`: timescale and duration). */
function mp4Seconds(bytes: Buffer): number {
  const at = bytes.indexOf('mvhd', 0, 'latin1');
  if (at < 0) throw new Error('no mvhd box');
  const version = bytes.readUInt8(at + 4);
  // After the version and flags: creation and modification times (4 or 8 bytes each).
  const timescaleAt = at + 8 + (version === 1 ? 16 : 8);
  const timescale = bytes.readUInt32BE(timescaleAt);
  const duration =
    version === 1
      ? Number(bytes.readBigUInt64BE(timescaleAt + 4))
      : bytes.readUInt32BE(timescaleAt + 4);
  return duration / timescale;
}

describe('the demo media', () => {
  it('gives the sample lesson the length the video file really has', () => {
    const file = readFileSync(new URL('../assets/sample-lesson.mp4', import.meta.url));
    expect(Math.round(mp4Seconds(file))).toBe(SAMPLE_LESSON_SECONDS);
  });
});
