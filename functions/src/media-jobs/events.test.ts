import { describe, expect, it } from 'vitest';
import { VIDEO_MESSAGES } from '@gia/shared';
import { failureReasonOf, jobOutcomeOf, readyState, rungOfPath } from './events.ts';

const s3 = (file: string) => `s3://gia-media/private/hls/01J-lesson/${file}`;

/** A "MediaConvert Job State Change" COMPLETE event as EventBridge delivers it. */
const complete = {
  source: 'aws.mediaconvert',
  'detail-type': 'MediaConvert Job State Change',
  detail: {
    status: 'COMPLETE',
    jobId: '1700000000000-abc123',
    userMetadata: { source_key: 'private/videos/01J-lesson.mp4' },
    outputGroupDetails: [
      {
        type: 'HLS_GROUP',
        playlistFilePaths: [s3('master.m3u8')],
        outputDetails: [
          {
            outputFilePaths: [s3('master_360p.m3u8')],
            durationInMs: 92_040,
            videoDetails: { widthInPx: 640, heightInPx: 360 },
          },
          {
            outputFilePaths: [s3('master_234p.m3u8')],
            durationInMs: 92_000,
            videoDetails: { widthInPx: 416, heightInPx: 234 },
          },
        ],
      },
      { type: 'FILE_GROUP', outputDetails: [{ outputFilePaths: [s3('poster.0000000.jpg')] }] },
    ],
  },
};

describe('job-state events', () => {
  it('reads a COMPLETE job: its source, duration and renditions (lowest first)', () => {
    const outcome = jobOutcomeOf(complete);
    expect(outcome).toEqual({
      sourceKey: 'private/videos/01J-lesson.mp4',
      status: 'ready',
      durationSeconds: 92,
      renditions: [
        { name: '234p', height: 234, bitrate_kbps: 72 },
        { name: '360p', height: 360, bitrate_kbps: 400 },
      ],
    });
    const sizes: Record<string, number> = { '234p': 1000, '360p': 5000 };
    expect(readyState(outcome as never, (n) => sizes[n]!).video_renditions).toEqual([
      { height: 234, bitrate_kbps: 72, bytes: 1000 },
      { height: 360, bitrate_kbps: 400, bytes: 5000 },
    ]);
  });

  it('offers each height once when MediaConvert kept a small source’s size for higher rungs', () => {
    const at360 = (rung: string) => ({
      outputFilePaths: [s3(`master_${rung}.m3u8`)],
      durationInMs: 30_000,
      videoDetails: { widthInPx: 640, heightInPx: 360 },
    });
    const outcome = jobOutcomeOf({
      ...complete,
      detail: {
        ...complete.detail,
        outputGroupDetails: [
          {
            type: 'HLS_GROUP',
            outputDetails: [
              at360('720p'),
              at360('360p'),
              at360('480p'),
              complete.detail.outputGroupDetails[0]!.outputDetails![1]!,
            ],
          },
        ],
      },
    });
    expect(outcome).toMatchObject({
      renditions: [
        { name: '234p', height: 234, bitrate_kbps: 72 },
        { name: '360p', height: 360, bitrate_kbps: 400 },
      ],
    });
  });

  it('blames the file only when the job could not read it', () => {
    const failed = (errorCode: number, errorMessage?: string) =>
      jobOutcomeOf({
        detail: {
          status: 'ERROR',
          errorCode,
          errorMessage,
          userMetadata: { source_key: 'private/videos/x.mp4' },
        },
      });
    expect(failed(1010, 'Demuxer: [ReadPacketData File read failed - end of file hit]')).toEqual({
      sourceKey: 'private/videos/x.mp4',
      status: 'failed',
      error: VIDEO_MESSAGES.unreadable,
    });
    expect(failed(1999)).toMatchObject({ error: VIDEO_MESSAGES.transcodeFailed });
  });

  it('says what failed in any other ERROR, without the paths of the job', () => {
    const outcome = jobOutcomeOf({
      detail: {
        status: 'ERROR',
        errorCode: 1999,
        errorMessage:
          'the 234p rendition: Error opening output file /tmp/gia-transcode-Ab12/out/master_234p.m3u8 ' +
          'for [s3://gia-media/private/videos/x.mp4]',
        userMetadata: { source_key: 'private/videos/x.mp4' },
      },
    });
    expect(outcome).toEqual({
      sourceKey: 'private/videos/x.mp4',
      status: 'failed',
      error: VIDEO_MESSAGES.transcodeFailedBecause(
        'the 234p rendition: Error opening output file master_234p.m3u8 for [x.mp4]',
      ),
    });
    expect(JSON.stringify(outcome)).not.toMatch(/\/tmp|s3:|plays/);
  });

  it('keeps a long job error to one short line', () => {
    const reason = failureReasonOf(`line one\n${'x'.repeat(1000)}`)!;
    expect(reason).not.toContain('\n');
    expect(reason.length).toBeLessThanOrEqual(240);
    expect(failureReasonOf('  ')).toBeUndefined();
  });

  it('ignores other states and events without a source key', () => {
    expect(
      jobOutcomeOf({ detail: { status: 'PROGRESSING', userMetadata: { source_key: 'k' } } }),
    ).toEqual({ sourceKey: 'k', status: 'ignored' });
    expect(jobOutcomeOf({ detail: { status: 'COMPLETE' } })).toBeUndefined();
  });

  it('names the rung of a playlist or segment path', () => {
    expect(rungOfPath(s3('master_720p.m3u8'))?.height).toBe(720);
    expect(rungOfPath(s3('master_480p_00012.ts'))?.height).toBe(480);
    expect(rungOfPath(s3('master.m3u8'))).toBeUndefined();
  });
});
