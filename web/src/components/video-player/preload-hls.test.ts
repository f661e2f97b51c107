import { afterEach, describe, expect, it, vi } from 'vitest';

/** Loads use-video-stream afresh with an hls.js stand-in that counts its loads. */
async function withCountedHls() {
  vi.resetModules();
  const loads = { count: 0 };
  vi.doMock('hls.js/light', () => {
    loads.count++;
    return { default: class {}, FetchLoader: class {} };
  });
  const { preloadHls } = await import('./use-video-stream.ts');
  return { preloadHls, loads };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preloadHls (the lesson part starts hls.js early)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('hls.js/light');
  });

  it('loads hls.js where the browser has Media Source Extensions and no HLS of its own', async () => {
    vi.stubGlobal('MediaSource', class {});
    const { preloadHls, loads } = await withCountedHls();
    preloadHls();
    await flush();
    expect(loads.count).toBe(1);
  });

  it('loads nothing where hls.js would not be used (no Media Source Extensions)', async () => {
    const { preloadHls, loads } = await withCountedHls();
    preloadHls();
    await flush();
    expect('MediaSource' in window).toBe(false);
    expect(loads.count).toBe(0);
  });
});
