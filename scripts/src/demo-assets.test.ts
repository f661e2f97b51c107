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

describe('the demo lesson (issue 15)', () => {
  it('is made by ffmpeg: 720p at 30 fps, H.264 + AAC, index first, the asked length', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { demoLessonArgs } = await import('./demo-assets.ts');
    const file = join(mkdtempSync(join(tmpdir(), 'gia-lesson-test-')), 'lesson.mp4');
    execFileSync('ffmpeg', demoLessonArgs("Euclid's lemma: 1", 2, file));
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        ...['-v', 'error', '-show_entries', 'stream=codec_name,height,r_frame_rate', '-of', 'json'],
        file,
      ]).toString(),
    ) as { streams: { codec_name: string; height?: number; r_frame_rate: string }[] };
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    const video = probe.streams.find((s) => s.codec_name === 'h264')!;
    expect(video.height).toBe(720);
    expect(video.r_frame_rate).toBe('30/1');
    const bytes = readFileSync(file);
    expect(mp4Seconds(bytes)).toBeCloseTo(2, 0);
    // +faststart: the movie header comes before the media data.
    expect(bytes.indexOf('moov', 0, 'latin1')).toBeLessThan(bytes.indexOf('mdat', 0, 'latin1'));
  }, 60_000);
});
