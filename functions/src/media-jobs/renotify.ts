import { UPLOAD_KINDS } from '@gia/shared';
import { copyObject } from '../lib/s3-presign.ts';
import type { Transcoder } from './service.ts';

/** A source video's content type, from its extension (the `video` upload kind's types). */
export function videoContentType(sourceKey: string): string {
  const ext = sourceKey.slice(sourceKey.lastIndexOf('.') + 1).toLowerCase();
  const { extensions, contentTypes } = UPLOAD_KINDS.video;
  return contentTypes[extensions.indexOf(ext as (typeof extensions)[number])] ?? 'video/mp4';
}

/**
 * How the media-jobs route group restarts a failed transcode in AWS without carrying the
 * MediaConvert client (about 400 KB): it copies the uploaded video onto itself, so S3 announces
 * it again (ObjectCreated:Copy) and the transcoding function starts its job as for an upload.
 */
export const renotifyTranscoder: Transcoder = {
  async start(sourceKey) {
    if (!(await copyObject(sourceKey, sourceKey, videoContentType(sourceKey)))) {
      throw new Error(`the video ${sourceKey} was not found`);
    }
  },
};
