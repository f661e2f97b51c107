import type { S3Event } from 'aws-lambda';
import { env } from '../lib/env.ts';
import type { JobStateEvent } from './events.ts';
import { mediaConvertTranscoder } from './mediaconvert.ts';
import { onJobStateChange, onVideoUploaded, useTranscoder } from './service.ts';

/**
 * The transcoding function in AWS (infra/src/constructs/transcoding.ts), apart from the route
 * groups because it carries the MediaConvert client: S3's ObjectCreated notifications of
 * `private/videos/` start a MediaConvert job; EventBridge's "MediaConvert Job State Change"
 * events of this stack's jobs (COMPLETE, ERROR) update the video and its records. The local
 * stack runs the same service functions with ffmpeg (scripts/src/local-transcoder.ts).
 */
let configured = false;

function useMediaConvert(): void {
  if (configured) return;
  const e = env();
  if (!e.MEDIACONVERT_TEMPLATE || !e.MEDIACONVERT_ROLE_ARN || !e.MEDIACONVERT_APP) {
    throw new Error(
      'MEDIACONVERT_TEMPLATE, MEDIACONVERT_ROLE_ARN and MEDIACONVERT_APP are required',
    );
  }
  useTranscoder(
    mediaConvertTranscoder({
      template: e.MEDIACONVERT_TEMPLATE,
      roleArn: e.MEDIACONVERT_ROLE_ARN,
      bucket: e.MEDIA_BUCKET,
      app: e.MEDIACONVERT_APP,
    }),
  );
  configured = true;
}

export const handler = async (event: S3Event | JobStateEvent): Promise<void> => {
  useMediaConvert();
  if ('Records' in event) await onVideoUploaded(event);
  else await onJobStateChange(event);
};
