import { describe, expect, it } from 'vitest';
import { highestRung, kindOf, median, rungOf, timedRow } from './journey-measures.ts';

describe('the journey section’s measures', () => {
  it('takes the middle sample as the median, the lower middle of an even count', () => {
    expect(median([3200, 2900, 4100])).toBe(3200);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([])).toBeNull();
  });

  it('reads the rung from rendition playlists and segments, not from the master or the poster', () => {
    const hls = 'http://127.0.0.1:1/media/private/hls/demo-lesson-60s/';
    expect(rungOf(`${hls}master_360p.m3u8`)).toBe(360);
    expect(rungOf(`${hls}master_234p_00001.ts?x=1`)).toBe(234);
    expect(rungOf(`${hls}master.m3u8`)).toBeUndefined();
    expect(rungOf(`${hls}poster.jpg`)).toBeUndefined();
    expect(
      highestRung([
        `${hls}master.m3u8`,
        `${hls}master_234p_00001.ts`,
        `${hls}master_360p_00002.ts`,
      ]),
    ).toBe(360);
    expect(highestRung([])).toBe(0);
  });

  it('meets a timed budget on the median, and fails it when a run never reached its mark', () => {
    const met = timedRow('first frame', [3500, 4200, 3900], 4);
    expect(met).toMatchObject({ budget: '≤ 4 s', met: true });
    expect(met.value).toBe('3.9 s (median of 3: 3.5 s, 4.2 s, 3.9 s)');
    expect(timedRow('first frame', [4100, 4200, 3900], 4).met).toBe(false);
    expect(timedRow('first frame', [1000, null, 1000], 4)).toMatchObject({
      met: false,
      value: '1.0 s (median of 3: 1.0 s, never, 1.0 s)',
    });
    expect(timedRow('first frame', [null], 4)).toMatchObject({ met: false, value: 'never (n=1)' });
    expect(timedRow('first frame', [], 4).met).toBeNull();
  });

  it('sorts what a lesson fetched into the app, the API, the video and the rest', () => {
    expect(kindOf('http://h/GetTopic?chapter=1&topic=2')).toBe('app');
    expect(kindOf('http://h/assets/index-B1qTw5iV.js')).toBe('app');
    expect(kindOf('http://h/boot.js')).toBe('app');
    expect(kindOf('http://h/api/v1/classuser/data/getLesson?topic_id=1')).toBe('api');
    expect(kindOf('http://h/media/private/hls/x/master_234p_00001.ts')).toBe('video');
    expect(kindOf('http://h/media/public/art/board.svg')).toBe('other');
  });
});
