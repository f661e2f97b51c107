import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import webvttParser from 'webvtt-parser';
import { checkWebVtt } from '@gia/functions/media-jobs/captions.ts';
import { TRANSLATED_FIELDS, scriptLanguage } from '@gia/shared';
import { CUE_CHARS, cueTexts, demoLessonText, demoWebVtt, vttTime } from './demo-captions.ts';
import type * as DemoCaptionsModule from './demo-captions.ts';
import type * as DemoNotesModule from './demo-notes.ts';

type DemoCaptions = typeof DemoCaptionsModule;
// The seed's inputs, read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = any;
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
const captioned = vi.hoisted(() => [] as { topicId: string; vtt: string; language: string }[]);
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
const practised = vi.hoisted(() => [] as { chapter: string; topic: number; topicId: string }[]);
vi.mock('./demo-practice.ts', () => ({
  seedDemoPractice: vi.fn(async (chapter: string, topic: number, t: { topic_id: string }) => {
    practised.push({ chapter, topic, topicId: t.topic_id });
  }),
}));
vi.mock('./demo-selling.ts', () => ({
  seedDemoSeller: vi.fn(async () => undefined),
  seedDemoCoupon: vi.fn(async () => undefined),
}));
vi.mock('./demo-captions.ts', async (original) => ({
  ...(await original<DemoCaptions>()),
  seedDemoCaptions: vi.fn(async (topicId: string, vtt: string, language = 'en') => {
    captioned.push({ topicId, vtt, language });
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
  beforeAll(async () => {
    process.env.GIA_DEMO_LESSON_SECONDS = '0'; // the sample video on every topic: no ffmpeg here
    const { seedDemoCatalogue } = await import('./seed.ts');
    await seedDemoCatalogue('admin-1', { evenIfNotEmpty: true });
  });
  const records = (entity: string) =>
    inserted.filter((i) => i.entity === entity).map((i) => i.record as Rec);
  afterAll(() => {
    if (before === undefined) delete process.env.GIA_DEMO_LESSON_SECONDS;
    else process.env.GIA_DEMO_LESSON_SECONDS = before;
  });

  it('gives every demo lesson captions in its medium from its own text, as long as its video', () => {
    const topics = records('topic');
    expect(topics.length).toBeGreaterThan(20);
    expect(captioned.map((c) => c.topicId)).toEqual(topics.map((t) => t.topic_id));
    for (const [i, t] of topics.entries()) {
      const { vtt, language } = captioned[i]!;
      expect(() => checkWebVtt(vtt)).not.toThrow();
      const cues = cuesOf(vtt);
      // Its own words in its medium: the topic's name, then its description (each demo video
      // lasts two cues); Kannada for the Kannada-medium subject's lessons.
      const kannada = t.language === 'kannada';
      expect(language).toBe(kannada ? 'kn' : 'en');
      const words = kannada
        ? (t.translations as { kn: Record<string, string> }).kn
        : (t as Record<string, string>);
      const text = `${words.topic_name}. ${words.topic_description}`;
      expect(cues.map((c) => c.text)).toEqual(cueTexts(text).slice(0, cues.length));
      expect(cues).toHaveLength(Math.floor(Number(t.duration_seconds) / 3));
      expect(cues.at(-1)?.endTime).toBeLessThanOrEqual(Number(t.duration_seconds));
    }
    expect(captioned.filter((c) => c.language === 'kn')).toHaveLength(2);
  });

  it('seeds SSLC Class 10’s Science as a paid Kannada-medium subject, named in Kannada and Hindi', () => {
    const board = records('board').find((b) => b.board_name === 'SSLC')!;
    const cls = records('class').find((c) => c.board_id === board.board_id)!;
    const science = records('subject').find(
      (s) => s.class_id === cls.class_id && s.subject_name === 'Science',
    )!;
    expect(science).toMatchObject({
      medium: 'kannada',
      price: 349,
      free_course: false,
      translations: { kn: { subject_name: 'ವಿಜ್ಞಾನ' }, hi: { subject_name: 'विज्ञान' } },
    });
    // Neither its board nor its class is free, or the subject would be free with them.
    expect([board.free_course, cls.free_course]).toEqual([false, false]);
    const biology = records('sub-subject').find((s) => s.subject_id === science.subject_id)!;
    expect(biology.translations).toEqual({
      kn: { sub_subject_name: 'ಜೀವಶಾಸ್ತ್ರ' },
      hi: { sub_subject_name: 'जीवविज्ञान' },
    });
    const chapter = records('chapter').find((c) => c.subject_id === science.subject_id)!;
    expect(chapter).toMatchObject({
      chapter_name: 'Life Processes',
      translations: {
        kn: { chapter_name: 'ಜೀವ ಕ್ರಿಯೆಗಳು' },
        hi: { chapter_name: 'जैव प्रक्रम' },
      },
    });
    const topics = records('topic').filter((t) => t.chapter_id === chapter.chapter_id);
    expect(
      topics.map((t) => [
        t.topic_name,
        t.language,
        t.translations.kn.topic_name,
        t.translations.hi.topic_name,
      ]),
    ).toEqual([
      ['Photosynthesis', 'kannada', 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ', 'प्रकाश संश्लेषण'],
      ['Respiration', 'kannada', 'ಉಸಿರಾಟ', 'श्वसन'],
    ]);
    for (const t of topics) expect(scriptLanguage(t.translations.kn.topic_description)).toBe('kn');
    // Its lessons get the chapter's Kannada questions, topic by topic.
    expect(practised.filter((p) => topics.some((t) => t.topic_id === p.topicId))).toEqual(
      topics.map((t, i) => ({ chapter: 'Life Processes', topic: i, topicId: t.topic_id })),
    );
    // Every other subject stays English medium (the catalogue's default).
    expect(
      records('subject')
        .filter((s) => s.medium)
        .map((s) => s.subject_name),
    ).toEqual(['Science']);
  });

  it('gives every class, subject, sub-subject, chapter, topic and testimonial Kannada and Hindi words', () => {
    const entities = [
      'class',
      'subject',
      'sub-subject',
      'chapter',
      'topic',
      'testimonial',
    ] as const;
    for (const entity of entities) {
      const fields = TRANSLATED_FIELDS[entity];
      for (const r of records(entity)) {
        expect(Object.keys(r.translations ?? {}).sort(), entity).toEqual(['hi', 'kn']);
        for (const field of fields) {
          // Written in the language's own script, and never the English text left as it was.
          expect(scriptLanguage(r.translations.kn[field]), `${entity} ${field}`).toBe('kn');
          expect(scriptLanguage(r.translations.hi[field]), `${entity} ${field}`).toBe('hi');
        }
      }
    }
    // Board names are the same in every language.
    expect(records('board').map((b) => b.translations)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
