import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HLS_LADDER,
  POSTER_FILE,
  hlsFolderOf,
  ladderFor,
  renditionPlaylistOf,
  segmentFileOf,
} from '@gia/shared';
import type { JobStateEvent } from '@gia/functions/media-jobs/events.ts';
import {
  ffmpegArgs,
  ffmpegFailureOf,
  localTranscoder,
  masterPlaylist,
} from './local-transcoder.ts';

const work = mkdtempSync(join(tmpdir(), 'gia-transcoder-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A bucket in memory, behind the two calls the transcoder makes. */
function memoryStorage(objects: Map<string, Buffer>) {
  const send = async (command: unknown) => {
    if (command instanceof GetObjectCommand) {
      const body = objects.get(command.input.Key!);
      if (!body) throw new Error(`NoSuchKey: ${command.input.Key}`);
      return { Body: Readable.from([body]) };
    }
    if (command instanceof PutObjectCommand) {
      objects.set(command.input.Key!, await buffer(command.input.Body as Readable));
      return {};
    }
    throw new Error('unexpected command');
  };
  return { send } as unknown as S3Client;
}

/** ffprobe's view of a video's first stream: its pixel format and H.264 profile. */
function videoFormatOf(bytes: Buffer, name: string) {
  const file = join(work, name);
  writeFileSync(file, bytes);
  const out = execFileSync('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0'],
    ...['-show_entries', 'stream=pix_fmt,profile', '-of', 'json', file],
  ]);
  return (JSON.parse(out.toString()) as { streams: { pix_fmt: string; profile: string }[] })
    .streams[0];
}

describe('the local transcoder (ffmpeg standing in for MediaConvert)', () => {
  it('writes one HLS output per rung with MediaConvert names, 4 s segments, and the poster', () => {
    const args = ffmpegArgs('/in.mp4', '/out', ladderFor(480), true).join(' ');
    expect(args).toContain('-hls_time 4');
    expect(args).toContain('-hls_segment_filename /out/master_234p_%05d.ts /out/master_234p.m3u8');
    expect(args).toContain('/out/master_480p.m3u8');
    expect(args).not.toContain('720p');
    expect(args).toContain('-b:v 48k');
    expect(args).toContain('-b:a 24k');
    expect(args).toContain(`-vf scale=320:180 -q:v 10 /out/${POSTER_FILE}`);
  });

  it('gives every rung the same mono audio, so rungs switch mid-lesson', () => {
    const args = ffmpegArgs('/in.mp4', '/out', [...HLS_LADDER], true);
    const channels = args.flatMap((a, i) => (a === '-ac' ? [args[i + 1]] : []));
    expect(channels).toEqual(['1', '1', '1', '1']);
  });

  it('leaves audio out for a silent source', () => {
    const args = ffmpegArgs('/in.mp4', '/out', ladderFor(360), false);
    expect(args).not.toContain('0:a:0');
    expect(args).not.toContain('aac');
  });

  it('lists each rendition in the master playlist with relative URIs', () => {
    const text = masterPlaylist([...HLS_LADDER], true);
    expect(text.startsWith('#EXTM3U\n')).toBe(true);
    expect(text).toContain('#EXT-X-STREAM-INF:BANDWIDTH=72000,RESOLUTION=416x234');
    expect(text).toContain('\nmaster_720p.m3u8\n');
  });
});

describe('transcoding a video with ffmpeg', () => {
  it('turns a valid 4:4:4 MP4 into 8-bit 4:2:0 H.264 Main on every rung', async () => {
    // given a 4:4:4 H.264 MP4 (what ffmpeg's testsrc gives) uploaded as a lesson video
    const source = join(work, 'testsrc-444.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=25'],
      ...['-pix_fmt', 'yuv444p', '-c:v', 'libx264', '-preset', 'ultrafast', source],
    ]);
    expect(videoFormatOf(readFileSync(source), 'source.mp4')?.pix_fmt).toBe('yuv444p');
    const key = 'private/videos/01J-testsrc-444.mp4';
    const objects = new Map([[key, readFileSync(source)]]);
    const events: JobStateEvent[] = [];
    const transcoder = localTranscoder({
      s3: memoryStorage(objects),
      bucket: 'gia-media',
      onJobState: async (event) => void events.push(event),
    });

    // when it is transcoded
    await transcoder.start(key);
    await transcoder.idle();

    // then the job completes, and every rung is 4:2:0 8-bit H.264 Main
    expect(
      events.map((e) => e.detail),
      JSON.stringify(events),
    ).toMatchObject([{ status: 'COMPLETE' }]);
    const folder = hlsFolderOf(key);
    const rungs = ladderFor(360);
    expect(rungs.map((r) => r.name)).toEqual(['234p', '360p']);
    for (const rung of rungs) {
      expect(objects.has(`${folder}${renditionPlaylistOf(rung)}`)).toBe(true);
      const segment = objects.get(`${folder}${segmentFileOf(rung, 1)}`);
      expect(segment, rung.name).toBeDefined();
      expect(videoFormatOf(segment!, `${rung.name}.ts`), rung.name).toEqual({
        pix_fmt: 'yuv420p',
        profile: 'Main',
      });
    }
    // and the poster is small enough never to compete with the first segment (issue 30)
    const poster = objects.get(`${folder}${POSTER_FILE}`);
    expect(poster?.length).toBeGreaterThan(0);
    expect(poster!.length).toBeLessThanOrEqual(8 * 1024);
  }, 60_000);

  it('says which rung failed and ffmpeg’s last error line, not that the file is bad', () => {
    // ffmpeg's own words when it could not encode a 4:4:4 source as H.264 Main
    const stderr = [
      "x264 [error]: main profile doesn't support 4:4:4",
      '[libx264 @ 0x5628b099b540] Error setting profile main.',
      'Error initializing output stream 0:0 -- Error while opening encoder for output stream #0:0',
      '',
    ].join('\n');
    expect(ffmpegFailureOf(stderr, ladderFor(360))).toBe(
      'the 234p rendition: Error initializing output stream 0:0 -- ' +
        'Error while opening encoder for output stream #0:0',
    );
    expect(
      ffmpegFailureOf(
        '[hls @ 0x55d0] Opening /tmp/gia-transcode-x/out/master_360p_00001.ts failed\n',
        ladderFor(360),
      ),
    ).toBe('the 360p rendition: Opening /tmp/gia-transcode-x/out/master_360p_00001.ts failed');
    expect(ffmpegFailureOf('Error initializing output stream 2:0 -- …', ladderFor(360))).toMatch(
      /^the poster: /,
    );
    expect(ffmpegFailureOf('', ladderFor(360))).toBe('ffmpeg: stopped without an error message');
  });
});
