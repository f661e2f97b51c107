import type { S3Event } from 'aws-lambda';
import { VIDEO_MESSAGES } from '@gia/shared';
import { createGroupHandler, ok } from '../lib/http.ts';
import type { JobStateEvent } from './events.ts';
import { onJobStateChange, onVideoUploaded, retryVideo } from './service.ts';

/** Admin routes: restart a failed transcode (docs/api.md, video transcoding). */
export const handler = createGroupHandler('media-jobs', {
  'admin.video.retryTopic': async (req) =>
    ok(VIDEO_MESSAGES.retried, await retryVideo('topic', req.params.topic_id ?? '')),
  'admin.video.retryAboutSubject': async (req) =>
    ok(
      VIDEO_MESSAGES.retried,
      await retryVideo('about-subject', req.params.about_subject_id ?? ''),
    ),
});

/** S3 ObjectCreated notification on `private/videos/`: starts the transcode. */
export const objectCreatedHandler = (event: S3Event): Promise<void> => onVideoUploaded(event);

/** EventBridge "MediaConvert Job State Change" (COMPLETE, ERROR): updates the records. */
export const jobStateHandler = (event: JobStateEvent): Promise<void> => onJobStateChange(event);
