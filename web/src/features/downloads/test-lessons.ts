/* Lesson answers for the downloads' tests: a chapter of topics with HLS video, captions, notes. */
import type { Lesson } from '@gia/shared/lesson-answers.ts';
import type { LessonAnswer } from './pack-plan.ts';

/** The segments of one rung of a test video: `count` files of `size` bytes each. */
export interface TestRung {
  height: number;
  count: number;
  size: number;
}

// About what 4 s segments weigh at each rung's bitrate (shared/src/video.ts HLS_LADDER).
export const RUNGS: TestRung[] = [
  { height: 234, count: 3, size: 50_000 },
  { height: 360, count: 3, size: 200_000 },
  { height: 480, count: 3, size: 400_000 },
];
const NAMES = ['234p', '360p', '480p'];

/** The getLesson answer of `topicId` in chapter `c1` (topics t1, t2, t3; t3 locked). */
export function lessonAnswer(topicId: string, over: Partial<Lesson> = {}): LessonAnswer {
  const folder = `/media/private/hls/${topicId}/`;
  const topics = ['t1', 't2', 't3'].map((id, i) => ({
    topic_id: id,
    topic_name: `Topic ${id}`,
    chapter_id: 'c1',
    serial_no: i + 1,
    free_to_watch: '2' as const,
    duration_seconds: 12,
    video_duration_seconds: 12,
    locked: id === 't3',
    progress: null,
  }));
  const lesson = {
    topic: {
      topic_id: topicId,
      topic_name: `Topic ${topicId}`,
      chapter_id: 'c1',
      chapter_name: 'Sound',
      subject_name: 'Science',
      notes_url: `/media/private/notes/${topicId}.pdf?X-Amz-Signature=abc`,
      locked: false,
    },
    chapter: { chapter_id: 'c1', chapter_name: 'Sound', topics },
    access: { status: 'owned', signed_in: true },
    video: {
      status: 'ready',
      hls_url: `${folder}master.m3u8`,
      poster_url: null,
      mp4_url: null,
      duration_seconds: 12,
      renditions: RUNGS.map((r) => ({
        height: r.height,
        bitrate_kbps: 100,
        bytes: r.count * r.size,
      })),
      captions: [{ language: 'en', url: `/media/private/captions/${topicId}.vtt?sig=1` }],
    },
    ...over,
  } as unknown as Lesson;
  return { message: 'Lesson', data: lesson } as LessonAnswer;
}

/** Notes and captions sizes of the test files. */
export const NOTES_BYTES = 2500;
export const CAPTIONS_BYTES = 300;

/** The master playlist of a test video (every rung). */
export const masterOf = () =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...RUNGS.flatMap((r, i) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.height * 1000},RESOLUTION=${r.height}x${r.height}`,
      `master_${NAMES[i]}.m3u8`,
    ]),
  ].join('\n');

/** A rendition playlist of a test rung. */
export const playlistOf = (name: string, count: number) =>
  [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:4',
    ...Array.from({ length: count }, (_, i) => [
      '#EXTINF:4.0,',
      `master_${name}_${String(i + 1).padStart(5, '0')}.ts`,
    ]).flat(),
    '#EXT-X-ENDLIST',
  ].join('\n');

/**
 * A stand-in for the network: the test video's files, captions and notes; counts each URL asked
 * for; `failAfter`: the number of fetches that succeed before the network drops.
 */
export function fakeNetwork(failAfter = Infinity) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (asked.length >= failAfter) throw new TypeError('Failed to fetch');
    asked.push(url.pathname);
    const file = url.pathname.split('/').at(-1)!;
    if (file === 'master.m3u8')
      return new Response(masterOf(), {
        headers: { 'content-type': 'application/vnd.apple.mpegurl' },
      });
    const playlist = /^master_(\d+p)\.m3u8$/.exec(file);
    if (playlist) {
      const rung = RUNGS[NAMES.indexOf(playlist[1]!)]!;
      return new Response(playlistOf(playlist[1]!, rung.count));
    }
    const segment = /^master_(\d+p)_\d+\.ts$/.exec(file);
    if (segment) return new Response(new Uint8Array(RUNGS[NAMES.indexOf(segment[1]!)]!.size));
    if (file.endsWith('.pdf')) return new Response(new Uint8Array(NOTES_BYTES));
    if (file.endsWith('.vtt')) return new Response(new Uint8Array(CAPTIONS_BYTES));
    return new Response('', { status: 404 });
  }) as typeof fetch;
  return { fetcher, asked };
}
