import { describe, expect, it } from 'vitest';
import {
  defaultRung,
  formatBytes,
  keepOneRung,
  mediaFilesOf,
  planPack,
  remoteSize,
  renditionFor,
} from './pack-plan.ts';
import { CAPTIONS_BYTES, lessonAnswer, masterOf, NOTES_BYTES, RUNGS } from './test-lessons.ts';

const renditions = RUNGS.map((r) => ({
  height: r.height,
  bitrate_kbps: 1,
  bytes: r.size * r.count,
}));

describe('the rung a save keeps', () => {
  it('is the lowest with data saver on, else 360p', () => {
    expect(defaultRung(true)).toBe(234);
    expect(defaultRung(false)).toBe(360);
  });

  it('is the wanted rung, else the highest below it, named as its files are', () => {
    expect(renditionFor(renditions, 360)).toEqual({ rendition: renditions[1], name: '360p' });
    expect(renditionFor(renditions.slice(0, 1), 360)).toEqual({
      rendition: renditions[0],
      name: '234p',
    });
    expect(renditionFor([], 360)).toBeUndefined();
  });

  it('is the only one the saved master playlist names', () => {
    const master = keepOneRung(masterOf(), '234p');
    expect(master.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=234000,RESOLUTION=234x234',
      'master_234p.m3u8',
    ]);
    expect(() => keepOneRung(masterOf(), '720p')).toThrow(/no 720p/);
  });

  it("reads a media playlist's segments and init segment as absolute URLs", () => {
    const text =
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_1.m4s\n\n#EXTINF:4,\nseg_2.m4s\n';
    expect(mediaFilesOf(text, 'https://gia.example/media/private/hls/v/master_234p.m3u8')).toEqual([
      'https://gia.example/media/private/hls/v/init.mp4',
      'https://gia.example/media/private/hls/v/seg_1.m4s',
      'https://gia.example/media/private/hls/v/seg_2.m4s',
    ]);
  });
});

describe('the size shown before a save', () => {
  it("adds the chosen rung's bytes, the captions and the notes of every topic", async () => {
    const sizes: Record<string, number> = {};
    const plan = await planPack([lessonAnswer('t1'), lessonAnswer('t2')], 360, async (url) => {
      const size = url.endsWith('.pdf') || url.includes('.pdf?') ? NOTES_BYTES : CAPTIONS_BYTES;
      sizes[url] = size;
      return size;
    });
    const answers = [lessonAnswer('t1'), lessonAnswer('t2')].map(
      (a) => new TextEncoder().encode(JSON.stringify(a)).byteLength,
    );
    const files = RUNGS[1]!.count * RUNGS[1]!.size + NOTES_BYTES + CAPTIONS_BYTES;
    expect(plan.bytes).toBe(2 * files + answers[0]! + answers[1]!);
    expect(plan.rungHeight).toBe(360);
    expect(plan.topics.map((t) => t.video?.rungName)).toEqual(['360p', '360p']);
    expect(Object.keys(sizes)).toHaveLength(4);
  });

  it('at 234p is smaller than at 360p', async () => {
    const size = async () => 0;
    const low = await planPack([lessonAnswer('t1')], 234, size);
    const high = await planPack([lessonAnswer('t1')], 360, size);
    expect(high.bytes - low.bytes).toBe(
      RUNGS[1]!.count * RUNGS[1]!.size - RUNGS[0]!.count * RUNGS[0]!.size,
    );
  });

  it("reads a file's size from a one-byte range, without its body", async () => {
    const asked: (string | null)[] = [];
    const fetcher = (async (_url: string, init?: RequestInit) => {
      asked.push(new Headers(init?.headers).get('range'));
      return new Response('x', { status: 206, headers: { 'content-range': 'bytes 0-0/48213' } });
    }) as typeof fetch;
    expect(await remoteSize('/media/n.pdf?sig=1', fetcher)).toBe(48213);
    expect(asked).toEqual(['bytes=0-0']);
    const refused = (async () => new Response('', { status: 403 })) as typeof fetch;
    await expect(remoteSize('/media/n.pdf', refused)).rejects.toThrow(/403/);
  });

  it('reads as the learner does', () => {
    expect(formatBytes(512)).toBe('1 KB');
    expect(formatBytes(850 * 1024)).toBe('850 KB');
    expect(formatBytes(12.34 * 1024 * 1024)).toBe('12.3 MB');
  });
});
