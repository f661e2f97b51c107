/**
 * A lesson video made with ffmpeg from lavfi sources (moving test pattern, a tone) and its HLS
 * ladder made by the local pipeline's own ffmpeg arguments (scripts/src/local-transcoder.ts), in
 * the video contract's layout (shared/src/video.ts): `master.m3u8`, `master_<rung>.m3u8`,
 * `master_<rung>_00001.ts`, the poster. Used by the video player's browser
 * test and by the video benchmark until the seeded demo lesson is transcoded by the pipeline.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HLS_LADDER, MASTER_PLAYLIST } from '@gia/shared/video.ts';
import { ffmpegArgs, masterPlaylist } from '../local-transcoder.ts';

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
  return transcodeLadder(dir, mp4, opts.seconds, opts.height);
}

/**
 * The HLS ladder of `mp4` (`height` its picture's height) in `dir`, exactly as the local
 * pipeline makes it (its ffmpeg arguments and master playlist), and an English captions file.
 */
export function transcodeLadder(
  dir: string,
  mp4: string,
  seconds: number,
  height: number,
): LadderFixture {
  const rungs = HLS_LADDER.filter((r) => r.height <= height);
  execFileSync('ffmpeg', ffmpegArgs(mp4, dir, rungs, true));
  writeFileSync(join(dir, MASTER_PLAYLIST), masterPlaylist(rungs, true));
  writeFileSync(
    join(dir, 'captions-en.vtt'),
    'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nHello, learners.\n\n00:00:05.000 --> 00:00:10.000\nToday: sound.\n',
  );
  const files = readdirSync(dir);
  return {
    dir,
    mp4,
    duration_seconds: seconds,
    renditions: rungs.map((r) => ({
      height: r.height,
      bitrate_kbps: r.video_kbps + r.audio_kbps,
      bytes: files
        .filter((f) => f.startsWith(`master_${r.name}_`))
        .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0),
    })),
  };
}
