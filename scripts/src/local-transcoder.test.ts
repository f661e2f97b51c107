import { describe, expect, it } from 'vitest';
import { HLS_LADDER, POSTER_FILE, ladderFor } from '@gia/shared';
import { ffmpegArgs, masterPlaylist } from './local-transcoder.ts';

describe('the local transcoder (ffmpeg standing in for MediaConvert)', () => {
  it('writes one HLS output per rung with MediaConvert names, 4 s segments, and the poster', () => {
    const args = ffmpegArgs('/in.mp4', '/out', ladderFor(480), true).join(' ');
    expect(args).toContain('-hls_time 4');
    expect(args).toContain('-hls_segment_filename /out/master_234p_%05d.ts /out/master_234p.m3u8');
    expect(args).toContain('/out/master_480p.m3u8');
    expect(args).not.toContain('720p');
    expect(args).toContain('-b:v 48k');
    expect(args).toContain('-b:a 24k');
    expect(args).toContain(`/out/${POSTER_FILE}`);
  });

  it('gives every rung the same mono audio, so rungs switch mid-lesson', () => {
    const args = ffmpegArgs('/in.mp4', '/out', [...HLS_LADDER], true);
    const channels = args.flatMap((a, i) => (a === '-ac' ? [args[i + 1]] : []));
    expect(channels).toEqual(['1', '1', '1', '1']);
  });

  it('leaves audio out for a silent source', () => {
    const args = ffmpegArgs('/in.mp4', '/out', ladderFor(360), false);
    expect(args).not.toContain('0:a:0');
    expect(args).not.toContain('aac');
  });

  it('lists each rendition in the master playlist with relative URIs', () => {
    const text = masterPlaylist([...HLS_LADDER], true);
    expect(text.startsWith('#EXTM3U\n')).toBe(true);
    expect(text).toContain('#EXT-X-STREAM-INF:BANDWIDTH=72000,RESOLUTION=416x234');
    expect(text).toContain('\nmaster_720p.m3u8\n');
  });
});
