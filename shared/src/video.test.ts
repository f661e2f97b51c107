import { describe, expect, it } from 'vitest';
import {
  HLS_LADDER,
  hlsFolderOf,
  ladderFor,
  presentedVideoOf,
  renditionPlaylistOf,
  segmentFileOf,
  videoKeyOf,
} from './video.ts';

describe('the HLS ladder', () => {
  it('keeps the lowest rung at or under 160 kbps in total', () => {
    const lowest = HLS_LADDER[0]!;
    expect(lowest.height).toBe(234);
    expect(lowest.video_kbps + lowest.audio_kbps).toBeLessThanOrEqual(160);
  });

  it('never goes above the source height', () => {
    expect(ladderFor(1080).map((r) => r.height)).toEqual([234, 360, 480, 720]);
    expect(ladderFor(720).map((r) => r.height)).toEqual([234, 360, 480, 720]);
    expect(ladderFor(540).map((r) => r.height)).toEqual([234, 360, 480]);
    expect(ladderFor(360).map((r) => r.height)).toEqual([234, 360]);
  });

  it('gives a source smaller than the lowest rung one rendition at its own height', () => {
    const [only, ...rest] = ladderFor(181);
    expect(rest).toEqual([]);
    expect(only!.height).toBe(180);
    expect(only!.width % 2).toBe(0);
  });
});

describe('output names', () => {
  it('names the folder after the source file, without extension, [A-Za-z0-9-] only', () => {
    expect(hlsFolderOf('private/videos/01JABCDEF-my_lesson 1.mp4')).toBe(
      'private/hls/01JABCDEF-my-lesson-1/',
    );
    expect(hlsFolderOf('private/videos/01JX-a.b.mov')).toBe('private/hls/01JX-a-b/');
  });

  it('names playlists and segments as MediaConvert does (base + name modifier)', () => {
    expect(renditionPlaylistOf({ name: '360p' })).toBe('master_360p.m3u8');
    expect(segmentFileOf({ name: '234p' }, 1)).toBe('master_234p_00001.ts');
  });

  it('finds the source key of a stored video_url', () => {
    expect(videoKeyOf('/media/private/videos/01J-a.mp4')).toBe('private/videos/01J-a.mp4');
    expect(videoKeyOf('https://cdn.example/media/private/videos/x%20y.mp4?sig=1')).toBe(
      'private/videos/x y.mp4',
    );
    expect(videoKeyOf('/media/public/images/a.png')).toBeNull();
    expect(videoKeyOf(null)).toBeNull();
    // A malformed escape names no video and never throws (one bad record must not fail a list).
    expect(videoKeyOf('/media/private/videos/%E0%A4%A.mp4')).toBeNull();
  });
});

describe('presentedVideoOf', () => {
  it('reads a record stored before issue 15 as no video', () => {
    expect(presentedVideoOf({}, { admin: true })).toEqual({
      video_status: 'none',
      video_duration_seconds: null,
      video_renditions: [],
    });
  });

  it('gives the failure reason to admins only', () => {
    const failed = { video_status: 'failed' as const, video_error: 'Broken file.' };
    expect(presentedVideoOf(failed, { admin: true }).video_error).toBe('Broken file.');
    expect(presentedVideoOf(failed, { admin: false })).not.toHaveProperty('video_error');
  });
});
