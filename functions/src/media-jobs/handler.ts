import type { S3Event } from 'aws-lambda';
import {
  CAPTION_MESSAGES,
  DeleteTopicCaptionsInput,
  TopicCaptionsInput,
  VIDEO_MESSAGES,
} from '@gia/shared';
import { env } from '../lib/env.ts';
import { createGroupHandler, ok } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import { deleteTopicCaptions, insertTopicCaptions } from './captions.ts';
import type { JobStateEvent } from './events.ts';
import { renotifyTranscoder } from './renotify.ts';
import { onJobStateChange, onVideoUploaded, retryVideo, useTranscoder } from './service.ts';

/** In AWS a retry re-announces the upload to the transcoding function (renotify.ts). */
function useRetryTranscoder(): void {
  if (env().VIDEO_RETRY === 'renotify') useTranscoder(renotifyTranscoder);
}

/** Admin routes: restart a failed transcode (docs/api.md, video transcoding). */
export const handler = createGroupHandler('media-jobs', {
  'admin.video.retryTopic': async (req) => {
    useRetryTranscoder();
    return ok(VIDEO_MESSAGES.retried, await retryVideo('topic', req.params.topic_id ?? ''));
  },
  'admin.video.retryAboutSubject': async (req) => {
    useRetryTranscoder();
    return ok(
      VIDEO_MESSAGES.retried,
      await retryVideo('about-subject', req.params.about_subject_id ?? ''),
    );
  },
  'admin.video.insertCaptions': async (req) =>
    ok(CAPTION_MESSAGES.added, await insertTopicCaptions(parse(TopicCaptionsInput, req.body))),
  'admin.video.deleteCaptions': async (req) => {
    const input = parse(DeleteTopicCaptionsInput, req.body);
    return ok(CAPTION_MESSAGES.removed, await deleteTopicCaptions(input.topic_id, input.language));
  },
});

/** S3 ObjectCreated notification on `private/videos/`: starts the transcode (local stack). */
export const objectCreatedHandler = (event: S3Event): Promise<void> => onVideoUploaded(event);

/** A "MediaConvert Job State Change" (COMPLETE, ERROR), as the local transcoder sends it. */
export const jobStateHandler = (event: JobStateEvent): Promise<void> => onJobStateChange(event);
