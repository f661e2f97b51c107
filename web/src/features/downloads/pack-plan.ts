/*
 * What a save for offline downloads (issue 32, item 3), worked out before it starts: for each
 * topic, its lesson answer, the one rung of its video, its captions and its notes, and the size
 * the learner sees before saying yes.
 */
import type { Answer } from '@gia/shared/route-answers.ts';
import { HLS_LADDER, type VideoRendition } from '@gia/shared/video.ts';
import type { Lesson } from '@gia/shared/lesson-answers.ts';
import { searchPointerKey, type SearchPointer } from '@gia/shared/search-types.ts';

/** The rungs a learner may save: small enough for a phone's storage and a data pack. */
export const SAVE_RUNGS = [234, 360] as const;

/** The rung saved by default: the lowest with data saver on (as the player plays), else 360p. */
export const defaultRung = (dataSaver: boolean): number => (dataSaver ? 234 : 360);

/** `getLesson`'s whole answer (what the app reads, and what a pack keeps). */
export type LessonAnswer = Answer<'catalogue.getLesson'>;

/**
 * The rendition saved for a wanted height: that rung, else the highest below it (a source smaller
 * than 360p has no 360p), else the lowest there is; `undefined` for a video with no HLS.
 */
export function renditionFor(
  renditions: readonly VideoRendition[],
  height: number,
): { rendition: VideoRendition; name: string } | undefined {
  const sorted = [...renditions].sort((a, b) => a.height - b.height);
  const below = sorted.filter((r) => r.height <= height);
  const rendition = below.at(-1) ?? sorted[0];
  if (!rendition) return undefined;
  // The i-th rendition is the ladder's i-th rung (never above the source, so a prefix of it),
  // whose name its files carry (as the boot script reads them, web/src/boot/boot.ts).
  const name = HLS_LADDER[sorted.indexOf(rendition)]?.name;
  return name ? { rendition, name } : undefined;
}

/** A rendition playlist's file name (`master_234p.m3u8`, shared/src/video.ts). */
const playlistFile = (rungName: string) => `master_${rungName}.m3u8`;

/**
 * The master playlist with only the saved rung: hls.js offline cannot pick a rung that is not on
 * the phone. Every other line (version, independent segments) stays as it is.
 */
export function keepOneRung(master: string, rungName: string): string {
  const lines = master.split(/\r?\n/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.startsWith('#EXT-X-STREAM-INF')) {
      const uri = lines[i + 1] ?? '';
      i += 1;
      if (uri.split(/[?#]/)[0]!.split('/').at(-1) === playlistFile(rungName)) out.push(line, uri);
    } else if (!line.startsWith('#EXT-X-I-FRAME-STREAM-INF')) {
      out.push(line);
    }
  }
  if (!out.some((l) => l.startsWith('#EXT-X-STREAM-INF'))) {
    throw new Error(`the master playlist has no ${rungName} rendition`);
  }
  return out.join('\n');
}

/** The files a media playlist names (its segments, and an fMP4 init segment), as absolute URLs. */
export function mediaFilesOf(playlist: string, playlistUrl: string): string[] {
  const files: string[] = [];
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    const init = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line)?.[1];
    if (init) files.push(new URL(init, playlistUrl).href);
    else if (line && !line.startsWith('#')) files.push(new URL(line, playlistUrl).href);
  }
  return files;
}

/** One topic of a save: what to fetch, and its expected size. */
export interface TopicPlan {
  topicId: string;
  topicName: string;
  answer: LessonAnswer;
  /** The master playlist's URL and the saved rung (absent: the topic has no HLS video). */
  video?: { masterUrl: string; rungName: string; playlistUrl: string; bytes: number };
  /** The other files, whole: captions, the poster, and the MP4 of a video not transcoded. */
  files: string[];
  notes?: string;
  /** Expected bytes of this topic: the rung's segments, captions, notes and lesson answer. */
  bytes: number;
}

/**
 * The search index of the pack's class (issue 34), kept with it so the saved lessons are found
 * offline: its pointer (stored inside the pack) and the immutable file it names.
 */
export interface SearchPlan {
  pointer: SearchPointer;
  /** The index file's absolute URL. */
  fileUrl: string;
}

/** The topics of a save, with the size shown before it starts. */
export interface PackPlan {
  topics: TopicPlan[];
  /** The class's search index (absent: the class has none yet). */
  search?: SearchPlan;
  bytes: number;
  /** The rung actually saved (a lower one where a video has no 360p). */
  rungHeight: number;
}

/**
 * The plan of a save: for each lesson answer, the rung nearest `rungHeight` (its `bytes` from the
 * answer's renditions), the captions, poster and notes (their sizes from `sizeOf`), and the MP4
 * of a video that has no HLS (yet).
 */
export async function planPack(
  answers: readonly LessonAnswer[],
  rungHeight: number,
  sizeOf: (url: string) => Promise<number>,
): Promise<PackPlan> {
  let saved = 0;
  const topics = await Promise.all(
    answers.map(async (answer): Promise<TopicPlan> => {
      const lesson: Lesson = answer.data;
      const hls = lesson.video.hls_url;
      const rung = hls ? renditionFor(lesson.video.renditions, rungHeight) : undefined;
      const base = hls ? new URL(hls, location.href).href : '';
      const video =
        hls && rung
          ? {
              masterUrl: base,
              rungName: rung.name,
              playlistUrl: new URL(playlistFile(rung.name), base).href,
              bytes: rung.rendition.bytes,
            }
          : undefined;
      if (rung) saved = Math.max(saved, rung.rendition.height);
      const absolute = (url: string) => new URL(url, location.href).href;
      const { captions, poster_url: poster, mp4_url: mp4 } = lesson.video;
      const files = [
        ...captions.map((c) => absolute(c.url)),
        ...(poster ? [absolute(poster)] : []),
        ...(!video && mp4 ? [absolute(mp4)] : []),
      ];
      const notesUrl = lesson.topic.notes_url;
      const notes = notesUrl ? absolute(notesUrl) : undefined;
      const sizes = await Promise.all([...files, ...(notes ? [notes] : [])].map(sizeOf));
      return {
        topicId: lesson.topic.topic_id,
        topicName: lesson.topic.topic_name,
        answer,
        ...(video && { video }),
        files,
        ...(notes && { notes }),
        // The lesson answer is stored too (a few KB); the playlists are left out (a few hundred
        // bytes each).
        bytes:
          (video?.bytes ?? 0) +
          sizes.reduce((a, b) => a + b, 0) +
          new TextEncoder().encode(JSON.stringify(answer)).byteLength,
      };
    }),
  );
  return {
    topics,
    bytes: topics.reduce((sum, t) => sum + t.bytes, 0),
    rungHeight: saved || rungHeight,
  };
}

/**
 * A file's size without downloading it: the total of a one-byte range's `Content-Range`, else
 * its `Content-Length` (a signed URL is signed for GET, so no HEAD). 0 when unknown.
 */
export async function remoteSize(url: string, fetcher: typeof fetch = fetch): Promise<number> {
  const res = await fetcher(url, { headers: { range: 'bytes=0-0' }, credentials: 'same-origin' });
  const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1];
  const length = res.headers.get('content-length');
  await res.body?.cancel().catch(() => undefined);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return Number(total ?? (res.status === 200 ? length : 0) ?? 0) || 0;
}

/** "12.3 MB", "850 KB": a size as the learner reads it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The search index of a class to keep with a pack: its pointer read now, and its file's URL and
 * size (as JSON: what the pack stores). Undefined when the class has no index yet (403/404) or it
 * cannot be read: the lessons are saved all the same, only not found by an offline search.
 */
export async function planSearch(
  classId: string,
  fetcher: typeof fetch = fetch,
): Promise<{ plan: SearchPlan; bytes: number } | undefined> {
  try {
    const res = await fetcher(new URL(`/media/${searchPointerKey(classId)}`, location.href).href, {
      credentials: 'same-origin',
    });
    if (!res.ok) return undefined;
    const pointer = (await res.json()) as SearchPointer;
    const fileUrl = new URL(`/media/${pointer.file}`, location.href).href;
    return { plan: { pointer, fileUrl }, bytes: pointer.bytes };
  } catch {
    return undefined;
  }
}
