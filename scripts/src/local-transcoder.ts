import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  HLS_SEGMENT_SECONDS,
  MASTER_PLAYLIST,
  POSTER,
  POSTER_FILE,
  hlsFolderOf,
  ladderFor,
  renditionPlaylistOf,
  type HlsRung,
} from '@gia/shared';
import type { JobStateEvent } from '@gia/functions/media-jobs/events.ts';

/*
 * The local stand-in for MediaConvert: Debian's ffmpeg, one job at a time (the rest wait in a
 * queue). It reads the source from storage, writes the same outputs MediaConvert's job template
 * writes (shared/src/video.ts: master.m3u8, master_<rung>.m3u8, master_<rung>_00001.ts…, the
 * poster) with their content types, and reports the end of each job to the same handler, as
 * EventBridge's "MediaConvert Job State Change" event.
 */

/** Whether ffmpeg and ffprobe can run here. */
export const hasFfmpeg = (): boolean =>
  ['ffmpeg', 'ffprobe'].every((tool) => spawnSync(tool, ['-version']).status === 0);

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
};

interface Probe {
  height: number;
  durationMs: number;
  hasAudio: boolean;
}

/** Runs a child to its end; `onChild` sees it (so the stack can kill it when it stops). */
function run(
  command: string,
  args: string[],
  onChild: (child: ChildProcess | undefined) => void,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    onChild(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.once('error', reject);
    child.once('close', (code) => {
      onChild(undefined);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The source cannot be read as a video (MediaConvert's 1010): the admin's file is at fault. */
class InputError extends Error {}

/**
 * What stopped ffmpeg, in one line: the output it names (a rung, or the poster) and its last
 * error line, which says what ended the run (earlier lines may be errors it went past). ffmpeg
 * numbers its outputs in the order of `ffmpegArgs`: the rungs, then the poster.
 */
export function ffmpegFailureOf(stderr: string, rungs: HlsRung[]): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^\[[^\]]* @ 0x[0-9a-f]+\]\s*/, '').trim())
    .filter(Boolean);
  const last = lines.at(-1) ?? 'stopped without an error message';
  const output = /output (?:stream #?|file #)(\d+)/i.exec(last)?.[1];
  const named = /master_(\w+?)(?:_%05d|_\d+)?\.(?:m3u8|ts)/.exec(last)?.[1];
  const rung = output !== undefined ? rungs[Number(output)] : rungs.find((r) => r.name === named);
  const what = rung
    ? `the ${rung.name} rendition`
    : output !== undefined && Number(output) === rungs.length
      ? 'the poster'
      : 'ffmpeg';
  return `${what}: ${last}`;
}

export interface LocalTranscoderOptions {
  s3: S3Client;
  bucket: string;
  /** The job-state handler (functions/src/media-jobs), given MediaConvert's event shape. */
  onJobState: (event: JobStateEvent) => Promise<void>;
  /** Told when a job starts and when it is done (the local stack prints it). */
  progress?: (step: string) => void;
}

/** ffmpeg's arguments for the HLS renditions of one source (one pass, one output per rung). */
export function ffmpegArgs(input: string, outDir: string, rungs: HlsRung[], hasAudio: boolean) {
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map(
    (r, i) =>
      `[s${i}]scale=${r.width}:${r.height}:force_original_aspect_ratio=decrease,` +
      `pad=${r.width}:${r.height}:(ow-iw)/2:(oh-ih)/2,setsar=1[v${i}]`,
  );
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-i', input];
  args.push('-filter_complex', [split, ...scales].join(';'));
  rungs.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (hasAudio) args.push('-map', '0:a:0');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      // H.264 Main, 8-bit 4:2:0 on every rung, whatever the source's (4:4:4, 4:2:2, 10-bit):
      // what every browser and phone decodes, what the master playlist's CODECS announce, and
      // what MediaConvert's job template writes (shared/src/mediaconvert.ts). Without the pixel
      // format, x264 keeps a 4:4:4 source's and refuses the Main profile.
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${r.video_kbps}k`,
      '-maxrate',
      `${Math.round(r.video_kbps * 1.1)}k`,
      '-bufsize',
      `${r.video_kbps * 2}k`,
      '-force_key_frames',
      `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`,
      '-sc_threshold',
      '0',
    );
    // Mono AAC-LC on every rung: a lesson is speech, mono keeps it clear at the lowest rung's
    // 24 kbit/s, and one audio layout on every rung lets the player switch rungs mid-lesson
    // (Chromium's media pipeline stalls on a switch between mono and stereo renditions).
    if (hasAudio) args.push('-c:a', 'aac', '-b:a', `${r.audio_kbps}k`, '-ac', '1');
    args.push(
      '-f',
      'hls',
      '-hls_time',
      String(HLS_SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-start_number',
      '1',
      '-hls_segment_filename',
      join(outDir, `master_${r.name}_%05d.ts`),
      join(outDir, renditionPlaylistOf(r)),
    );
  });
  // The poster: one frame a second in (or the first), as the job template's frame capture, small.
  args.push(
    ...['-map', '0:v:0', '-ss', '1', '-frames:v', '1'],
    ...['-vf', `scale=${POSTER.width}:${POSTER.height}`, '-q:v', String(POSTER.ffmpegQ)],
    join(outDir, POSTER_FILE),
  );
  return args;
}

/** The master playlist: each rendition with its bandwidth and resolution (relative URIs). */
export function masterPlaylist(rungs: HlsRung[], hasAudio: boolean): string {
  const codecs = hasAudio ? 'avc1.4d401f,mp4a.40.2' : 'avc1.4d401f';
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of rungs) {
    const bandwidth = (r.video_kbps + (hasAudio ? r.audio_kbps : 0)) * 1000;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${codecs}"`,
      renditionPlaylistOf(r),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The local transcoder: `start(key)` queues a job; `stop()` kills the running ffmpeg. */
export function localTranscoder(options: LocalTranscoderOptions) {
  const queue: string[] = [];
  let child: ChildProcess | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const track = (c: ChildProcess | undefined) => (child = c);

  async function probe(file: string): Promise<Probe> {
    const { code, stdout } = await run(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type,height:format=duration',
        '-of',
        'json',
        file,
      ],
      track,
    );
    const info =
      code === 0
        ? (JSON.parse(stdout) as {
            streams?: { codec_type?: string; height?: number }[];
            format?: { duration?: string };
          })
        : {};
    const video = info.streams?.find((s) => s.codec_type === 'video');
    if (!video?.height) throw new InputError('no video stream');
    return {
      height: video.height,
      durationMs: Math.round(Number(info.format?.duration ?? 0) * 1000),
      hasAudio: Boolean(info.streams?.some((s) => s.codec_type === 'audio')),
    };
  }

  async function transcode(sourceKey: string): Promise<JobStateEvent['detail']> {
    const work = await mkdtemp(join(tmpdir(), 'gia-transcode-'));
    try {
      const input = join(work, 'source');
      const source = await options.s3.send(
        new GetObjectCommand({ Bucket: options.bucket, Key: sourceKey }),
      );
      await pipeline(source.Body as Readable, createWriteStream(input));
      const info = await probe(input);
      const rungs = ladderFor(info.height);
      const outDir = join(work, 'out');
      await mkdir(outDir);
      const result = await run('ffmpeg', ffmpegArgs(input, outDir, rungs, info.hasAudio), track);
      if (stopped) throw new Error('stopped');
      // The probe read the source: a failure here is the conversion's, not the admin's file's.
      if (result.code !== 0) {
        console.error(`ffmpeg failed on ${sourceKey}:\n${result.stderr.trim()}`);
        throw new Error(ffmpegFailureOf(result.stderr, rungs));
      }
      await writeFile(join(outDir, MASTER_PLAYLIST), masterPlaylist(rungs, info.hasAudio));
      const folder = hlsFolderOf(sourceKey);
      for (const file of await readdir(outDir)) {
        const path = join(outDir, file);
        await options.s3.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: `${folder}${file}`,
            Body: createReadStream(path),
            ContentLength: (await stat(path)).size,
            ContentType:
              CONTENT_TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream',
          }),
        );
      }
      const s3Path = (file: string) => `s3://${options.bucket}/${folder}${file}`;
      return {
        status: 'COMPLETE',
        userMetadata: { source_key: sourceKey },
        outputGroupDetails: [
          {
            type: 'HLS_GROUP',
            playlistFilePaths: [s3Path(MASTER_PLAYLIST)],
            outputDetails: rungs.map((r) => ({
              outputFilePaths: [s3Path(renditionPlaylistOf(r))],
              durationInMs: info.durationMs,
              videoDetails: { widthInPx: r.width, heightInPx: r.height },
            })),
          },
          { type: 'FILE_GROUP', outputDetails: [{ outputFilePaths: [s3Path(POSTER_FILE)] }] },
        ],
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async function drain() {
    while (!stopped && queue.length > 0) {
      const sourceKey = queue.shift()!;
      const name = sourceKey.slice(sourceKey.lastIndexOf('/') + 1);
      const started = Date.now();
      let detail: JobStateEvent['detail'];
      try {
        options.progress?.(`Transcoding ${name} to HLS in the background…`);
        detail = await transcode(sourceKey);
        const seconds = Math.round((Date.now() - started) / 1000);
        options.progress?.(`Transcoded ${name} in ${seconds} s.`);
      } catch (err) {
        if (stopped) return;
        console.error(`transcode of ${sourceKey} failed:`, (err as Error).message);
        // MediaConvert's 1010: the input could not be read; 1999 anything else.
        detail = {
          status: 'ERROR',
          userMetadata: { source_key: sourceKey },
          errorCode: err instanceof InputError ? 1010 : 1999,
          errorMessage: (err as Error).message,
        };
      }
      await options
        .onJobState({
          source: 'aws.mediaconvert',
          'detail-type': 'MediaConvert Job State Change',
          detail,
        })
        .catch((err: unknown) => console.error('job-state handler failed', err));
    }
  }

  return {
    start(sourceKey: string): Promise<void> {
      queue.push(sourceKey);
      running ??= drain().finally(() => (running = undefined));
      return Promise.resolve();
    },
    /** Resolves once the queue is empty (tests). */
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      queue.length = 0;
      child?.kill('SIGKILL');
      await running?.catch(() => undefined);
    },
  };
}
