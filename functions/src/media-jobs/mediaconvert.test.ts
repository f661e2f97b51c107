import { CreateJobCommand, MediaConvertClient } from '@aws-sdk/client-mediaconvert';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HLS_LADDER, HLS_SEGMENT_SECONDS, POSTER_FILE } from '@gia/shared';
import { mediaConvertTranscoder } from './mediaconvert.ts';
import { renotifyTranscoder, videoContentType } from './renotify.ts';

const copies = vi.hoisted(() => [] as [string, string, string][]);
vi.mock('../lib/s3-presign.ts', () => ({
  copyObject: vi.fn(async (from: string, to: string, type: string) => {
    copies.push([from, to, type]);
    return !from.includes('missing');
  }),
}));

const config = {
  template: 'gia-dev-hls',
  roleArn: 'arn:aws:iam::111122223333:role/gia-dev-mediaconvert',
  bucket: 'gia-dev-media',
  app: 'GiaSchool-dev',
};
const KEY = 'private/videos/01JABC-Algebra lesson.mp4';

afterEach(() => {
  copies.length = 0;
});

describe('the MediaConvert transcoder', () => {
  it('starts a job from the template with the video as input and its HLS folder as destination', async () => {
    const mc = mockClient(MediaConvertClient);
    mc.on(CreateJobCommand).resolves({ Job: { Id: 'job-1', Role: config.roleArn, Settings: {} } });
    await mediaConvertTranscoder(config, new MediaConvertClient({ region: 'ap-south-1' })).start(
      KEY,
    );
    const [call] = mc.commandCalls(CreateJobCommand);
    const input = call!.args[0].input;
    expect(input.JobTemplate).toBe('gia-dev-hls');
    expect(input.Role).toBe(config.roleArn);
    // The job-state event names the source video; the rule matches this stack's jobs.
    expect(input.UserMetadata).toEqual({ source_key: KEY, gia_app: 'GiaSchool-dev' });
    expect(input.Settings?.Inputs?.[0]?.FileInput).toBe(`s3://gia-dev-media/${KEY}`);
    const [hls, poster] = input.Settings!.OutputGroups!;
    const folder = 's3://gia-dev-media/private/hls/01JABC-Algebra-lesson/';
    expect(hls!.OutputGroupSettings?.HlsGroupSettings?.Destination).toBe(`${folder}master`);
    expect(hls!.OutputGroupSettings?.HlsGroupSettings?.SegmentLength).toBe(HLS_SEGMENT_SECONDS);
    // Every rung, named as the local pipeline names it, capped at its bitrate.
    expect(
      hls!.Outputs!.map((o) => [
        o.NameModifier,
        o.VideoDescription?.Height,
        o.VideoDescription?.CodecSettings?.H264Settings?.MaxBitrate,
        o.AudioDescriptions?.[0]?.CodecSettings?.AacSettings?.Bitrate,
      ]),
    ).toEqual(
      HLS_LADDER.map((r) => [`_${r.name}`, r.height, r.video_kbps * 1000, r.audio_kbps * 1000]),
    );
    // Frame capture writes `poster.0000000.jpg` into the same folder.
    expect(poster!.OutputGroupSettings?.FileGroupSettings?.Destination).toBe(`${folder}poster`);
    expect(`poster.0000000.${poster!.Outputs![0]!.Extension}`).toBe(POSTER_FILE);
    expect(poster!.Outputs![0]!.VideoDescription?.CodecSettings?.Codec).toBe('FRAME_CAPTURE');
    // Small: 320×180, so it never competes with the first segment on a slow link (issue 30).
    expect(poster!.Outputs![0]!.VideoDescription).toMatchObject({ Width: 320, Height: 180 });
  });

  it('encodes every rung as 8-bit 4:2:0 H.264 (Main profile), whatever the source', async () => {
    const mc = mockClient(MediaConvertClient);
    mc.on(CreateJobCommand).resolves({ Job: { Id: 'job-2', Role: config.roleArn, Settings: {} } });
    await mediaConvertTranscoder(config, new MediaConvertClient({ region: 'ap-south-1' })).start(
      KEY,
    );
    const [hls] = mc.commandCalls(CreateJobCommand)[0]!.args[0].input.Settings!.OutputGroups!;
    const codecs = hls!.Outputs!.map((o) => o.VideoDescription?.CodecSettings);
    expect(codecs).toHaveLength(HLS_LADDER.length);
    for (const codec of codecs) {
      expect(codec?.Codec).toBe('H_264');
      expect(codec?.H264Settings?.CodecProfile).toBe('MAIN');
    }
  });

  it('fails when MediaConvert refuses the job (the caller marks the video failed)', async () => {
    const mc = mockClient(MediaConvertClient);
    mc.on(CreateJobCommand).rejects(new Error('BadRequestException'));
    await expect(
      mediaConvertTranscoder(config, new MediaConvertClient({ region: 'ap-south-1' })).start(KEY),
    ).rejects.toThrow('BadRequestException');
  });
});

describe('a retry in the route group', () => {
  it('copies the uploaded video onto itself with its content type, so S3 announces it again', async () => {
    await renotifyTranscoder.start('private/videos/01J-a.webm');
    expect(copies).toEqual([
      ['private/videos/01J-a.webm', 'private/videos/01J-a.webm', 'video/webm'],
    ]);
    expect(videoContentType('private/videos/x.MOV')).toBe('video/quicktime');
    expect(videoContentType('private/videos/x.mp4')).toBe('video/mp4');
    await expect(renotifyTranscoder.start('private/videos/missing.mp4')).rejects.toThrow(
      /not found/,
    );
  });
});
