import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import webvttParser from 'webvtt-parser';
import { checkWebVtt } from '@gia/functions/media-jobs/captions.ts';
import { CUE_CHARS, cueTexts, demoLessonText, demoWebVtt, vttTime } from './demo-captions.ts';
import type * as DemoCaptionsModule from './demo-captions.ts';
import type * as DemoNotesModule from './demo-notes.ts';

type DemoCaptions = typeof DemoCaptionsModule;
type DemoNotes = typeof DemoNotesModule;

/** The cues of a WebVTT file as the W3C parser reads them. */
const cuesOf = (vtt: string) =>
  new webvttParser.WebVTTParser().parse(vtt, 'subtitles').cues as {
    startTime: number;
    endTime: number;
    text: string;
  }[];

// The seed's writes, recorded instead of stored: what a run of the seed would do.
const inserted: { entity: string; record: Record<string, unknown> }[] = [];
const captioned = vi.hoisted(() => [] as { topicId: string; vtt: string }[]);
vi.mock('@gia/functions/catalogue-admin/service.ts', () => ({
  insertEntity: vi.fn(async (entity: string, input: Record<string, unknown>) => {
    const record = { ...input, [`${entity.replace('-', '_')}_id`]: `${entity}-${inserted.length}` };
    inserted.push({ entity, record });
    return record;
  }),
}));
vi.mock('@gia/functions/lib/s3.ts', () => ({ s3: { send: vi.fn(async () => ({})) } }));
vi.mock('@gia/functions/lib/env.ts', () => ({ env: () => ({ MEDIA_BUCKET: 'media' }) }));
vi.mock('./demo-artwork.ts', () => ({
  demoArtwork: new Proxy({}, { get: () => async () => '/media/public/art.svg' }),
}));
vi.mock('./demo-notes.ts', async (original) => ({
  ...(await original<DemoNotes>()),
  seedDemoNotes: async () => () => undefined,
}));
vi.mock('./demo-practice.ts', () => ({ seedDemoPractice: vi.fn(async () => undefined) }));
vi.mock('./demo-selling.ts', () => ({
  seedDemoSeller: vi.fn(async () => undefined),
  seedDemoCoupon: vi.fn(async () => undefined),
}));
vi.mock('./demo-captions.ts', async (original) => ({
  ...(await original<DemoCaptions>()),
  seedDemoCaptions: vi.fn(async (topicId: string, vtt: string) => {
    captioned.push({ topicId, vtt });
  }),
}));

describe('demo captions', () => {
  it('cut the text by sentence, and a long sentence between words, within a cue’s length', () => {
    const text = demoLessonText('Linear Equations: Introduction', 'What it covers', [
      'A linear equation in one variable is an equation of the form ax + b = 0, where a is not zero. It has one root.',
    ]);
    const cues = cueTexts(text);
    expect(cues.slice(0, 2)).toEqual(['Linear Equations: Introduction.', 'What it covers.']);
    expect(cues.at(-1)).toBe('It has one root.');
    expect(cues.join(' ')).toBe(text);
    for (const cue of cues) expect(cue.length).toBeLessThanOrEqual(CUE_CHARS);
  });

  it('write WebVTT times as hh:mm:ss.ttt', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(62.5)).toBe('00:01:02.500');
    expect(vttTime(3725.0004)).toBe('01:02:05.000');
  });

  it('are a valid WebVTT whose cues follow each other from 0 to the video’s end, never past it', () => {
    const text = demoLessonText('Triangles: Core ideas', 'The main definitions.', [
      'Two triangles are similar if their corresponding angles are equal and their sides are in the same ratio. '.repeat(
        12,
      ),
    ]);
    for (const seconds of [4, 6, 60]) {
      const vtt = demoWebVtt(text, seconds);
      expect(() => checkWebVtt(vtt)).not.toThrow();
      const cues = cuesOf(vtt);
      // About one cue every 3 s, the time to read one.
      expect(cues).toHaveLength(Math.floor(seconds / 3));
      expect(cues[0]?.startTime).toBe(0);
      expect(cues.at(-1)?.endTime).toBeCloseTo(seconds, 3);
      cues.slice(1).forEach((c, i) => expect(c.startTime).toBeCloseTo(cues[i]!.endTime, 3));
    }
    // A short text spreads its few cues over the whole video.
    const short = cuesOf(demoWebVtt('One idea.', 60));
    expect(short).toEqual([
      expect.objectContaining({ startTime: 0, endTime: 60, text: 'One idea.' }),
    ]);
  });
});

describe('the demo seed', () => {
  const before = process.env.GIA_DEMO_LESSON_SECONDS;
  beforeAll(() => {
    process.env.GIA_DEMO_LESSON_SECONDS = '0'; // the sample video on every topic: no ffmpeg here
  });
  afterAll(() => {
    if (before === undefined) delete process.env.GIA_DEMO_LESSON_SECONDS;
    else process.env.GIA_DEMO_LESSON_SECONDS = before;
  });

  it('gives every demo lesson English captions from its own text, as long as its video', async () => {
    const { seedDemoCatalogue } = await import('./seed.ts');
    await seedDemoCatalogue('admin-1', { evenIfNotEmpty: true });
    const topics = inserted.filter((i) => i.entity === 'topic').map((i) => i.record);
    expect(topics.length).toBeGreaterThan(20);
    expect(captioned.map((c) => c.topicId)).toEqual(topics.map((t) => t.topic_id));
    for (const [i, t] of topics.entries()) {
      const vtt = captioned[i]!.vtt;
      expect(() => checkWebVtt(vtt)).not.toThrow();
      const cues = cuesOf(vtt);
      // Its own words: the topic's name, then its description (each demo video lasts two cues).
      expect(cues.map((c) => c.text).join(' ')).toBe(
        `${String(t.topic_name)}. ${String(t.topic_description)}`,
      );
      expect(cues.at(-1)?.endTime).toBeLessThanOrEqual(Number(t.duration_seconds));
    }
  });
});
