/**
 * A lesson video and its HLS ladder made with ffmpeg from lavfi sources (moving test pattern,
 * a tone), in the video contract's layout (shared/src/video.ts): `master.m3u8`,
 * `master_<rung>.m3u8`, `master_<rung>_00001.ts`, the poster. Used by the video player's browser
 * test and by the video benchmark until the seeded demo lesson is transcoded by the pipeline.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HLS_LADDER, HLS_SEGMENT_SECONDS, POSTER_FILE } from '@gia/shared/video.ts';

export interface LadderFixture {
  dir: string;
  /** The source MP4 (720p or the given height, +faststart) in `dir`. */
  mp4: string;
  renditions: { height: number; bitrate_kbps: number; bytes: number }[];
  duration_seconds: number;
}

const FPS = 25;

/** Makes `seconds` of video at `height` (≤ 720) and its ladder in `dir`. */
export function makeLadderFixture(
  dir: string,
  opts: { seconds: number; height: number; mp4Kbps?: number },
): LadderFixture {
  mkdirSync(dir, { recursive: true });
  const rungs = HLS_LADDER.filter((r) => r.height <= opts.height);
  const width = Math.round((opts.height * 16) / 9 / 2) * 2;
  const src = [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${opts.height}:rate=${FPS}`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:beep_factor=4:sample_rate=44100',
    '-t',
    String(opts.seconds),
  ];
  const gop = ['-g', String(FPS * 2), '-keyint_min', String(FPS * 2), '-sc_threshold', '0'];
  // The MP4 as uploaded today: one file, +faststart.
  const mp4 = join(dir, 'lesson.mp4');
  const mp4Kbps = opts.mp4Kbps ?? 2400;
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    ...src,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    `${mp4Kbps - 128}k`,
    '-maxrate',
    `${mp4Kbps}k`,
    '-bufsize',
    `${mp4Kbps * 2}k`,
    ...gop,
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    mp4,
  ]);
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};${rungs
    .map((r, i) => `[s${i}]scale=${r.width}:${r.height}[o${i}]`)
    .join(';')}`;
  const maps = rungs.flatMap((r, i) => [
    '-map',
    `[o${i}]`,
    '-map',
    '1:a',
    `-b:v:${i}`,
    `${r.video_kbps}k`,
    `-maxrate:v:${i}`,
    `${Math.round(r.video_kbps * 1.1)}k`,
    `-bufsize:v:${i}`,
    `${r.video_kbps * 2}k`,
    `-b:a:${i}`,
    `${r.audio_kbps}k`,
  ]);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    ...src,
    '-filter_complex',
    split,
    ...maps,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    ...gop,
    '-c:a',
    'aac',
    '-ac',
    '1',
    '-f',
    'hls',
    '-hls_time',
    String(HLS_SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-start_number',
    '1',
    '-hls_segment_filename',
    join(dir, 'master_%v_%05d.ts'),
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    rungs.map((r, i) => `v:${i},a:${i},name:${r.name}`).join(' '),
    join(dir, 'master_%v.m3u8'),
  ]);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-ss',
    '1',
    '-i',
    mp4,
    '-frames:v',
    '1',
    join(dir, POSTER_FILE),
  ]);
  writeFileSync(
    join(dir, 'captions-en.vtt'),
    'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nHello, learners.\n\n00:00:05.000 --> 00:00:10.000\nToday: sound.\n',
  );
  const files = readdirSync(dir);
  return {
    dir,
    mp4,
    duration_seconds: opts.seconds,
    renditions: rungs.map((r) => ({
      height: r.height,
      bitrate_kbps: r.video_kbps + r.audio_kbps,
      bytes: files
        .filter((f) => f.startsWith(`master_${r.name}_`))
        .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0),
    })),
  };
}
