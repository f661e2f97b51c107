import { describe, expect, it } from 'vitest';
import type { FetchLoader, LoaderConfiguration } from 'hls.js';
import { HLS_CONFIG, hlsConfig, SEGMENT_CHUNK_BYTES } from './hls-config.ts';

/** Records the loader configuration each load gets, as hls.js's fetch loader would receive it. */
class RecordingLoader {
  static seen: Partial<LoaderConfiguration>[] = [];
  load(_context: unknown, config: Partial<LoaderConfiguration>) {
    RecordingLoader.seen.push(config);
  }
}

describe('hlsConfig', () => {
  const config = hlsConfig(RecordingLoader as unknown as typeof FetchLoader);
  const load = (highWaterMark: number | undefined) => {
    const Loader = config.fLoader as unknown as new (c: unknown) => RecordingLoader;
    new Loader({}).load({}, { timeout: 1, highWaterMark } as LoaderConfiguration);
    return RecordingLoader.seen.at(-1)!;
  };

  it('keeps the app settings and streams segments', () => {
    expect(config).toMatchObject(HLS_CONFIG);
    expect(config.progressive).toBe(true);
  });

  it('starts from the link’s first estimate, and picks rungs for at most 1.5 device pixels a pixel', () => {
    expect(hlsConfig(RecordingLoader as unknown as typeof FetchLoader, 2_000_000)).toMatchObject({
      abrEwmaDefaultEstimate: 2_000_000,
      startLevel: -1,
      capLevelToPlayerSize: true,
      maxDevicePixelRatio: 1.5,
    });
  });

  it('hands a segment to the demuxer every 32 KB instead of hls.js’s 128 KB', () => {
    expect(load(128 * 1024)).toEqual({ timeout: 1, highWaterMark: SEGMENT_CHUNK_BYTES });
    expect(SEGMENT_CHUNK_BYTES).toBe(32 * 1024);
  });

  it('leaves whole reads whole: an init segment (Infinity) or no streaming at all', () => {
    expect(load(Infinity).highWaterMark).toBe(Infinity);
    expect(load(undefined).highWaterMark).toBeUndefined();
    expect(load(4096).highWaterMark).toBe(4096);
  });
});
