import { describe, expect, it } from 'vitest';
import { clock, videoStatusText } from './catalogue-video.tsx';

describe('the video column', () => {
  it('says how the transcode is going', () => {
    expect(videoStatusText({ video_status: 'processing' })).toBe('Processing…');
    expect(
      videoStatusText({
        video_status: 'ready',
        video_duration_seconds: 92,
        video_renditions: [{}, {}, {}, {}],
      }),
    ).toBe('Ready · 4 qualities · 1:32');
    expect(videoStatusText({ video_status: 'failed', video_error: 'Broken file.' })).toBe(
      'Failed: Broken file.',
    );
  });

  it('tells an untranscoded MP4 from no video', () => {
    expect(
      videoStatusText({ video_status: 'none', video_url: '/media/private/videos/a.mp4' }),
    ).toBe('MP4');
    expect(videoStatusText({ video_url: '' })).toBe('N/A');
  });

  it('writes durations as a clock', () => {
    expect(clock(5)).toBe('0:05');
    expect(clock(3725)).toBe('1:02:05');
  });
});
