import {
  CAPTION_MESSAGES,
  CATALOGUE_MESSAGES,
  UPLOAD_KINDS,
  type TopicCaptions,
  type TopicCaptionsInput,
} from '@gia/shared';
// A CommonJS module: Node's ESM loader gives it as the default export only.
import webvttParser from 'webvtt-parser';
import { setTopicCaptions } from '../db/videos.ts';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import { mediaKey, normaliseMediaUrl } from '../lib/media.ts';
import { getObject } from '../lib/s3-presign.ts';

const invalid = (message: string): never => {
  throw new ValidationError(message, [{ field: 'url', message }]);
};

/** The text of an uploaded captions file (at most the kind's size). */
async function readCaptions(key: string): Promise<string> {
  const bytes = await getObject(key);
  if (!bytes) return invalid(CAPTION_MESSAGES.missing);
  if (bytes.byteLength > UPLOAD_KINDS.captions.maxBytes)
    return invalid(CAPTION_MESSAGES.notUploaded);
  return new TextDecoder().decode(bytes);
}

/**
 * Checks that a WebVTT file parses (webvtt-parser, the W3C parser's algorithm) and has cues;
 * refuses it with a 400 naming the first error's line otherwise.
 */
export function checkWebVtt(text: string): void {
  const { cues, errors } = new webvttParser.WebVTTParser().parse(text, 'subtitles');
  const first = errors[0];
  if (first) invalid(CAPTION_MESSAGES.invalid(first.line, first.message));
  if (cues.length === 0) invalid(CAPTION_MESSAGES.empty);
}

/** `insertTopicCaptions`: a checked WebVTT file becomes the topic's captions in its language. */
export async function insertTopicCaptions(input: TopicCaptionsInput): Promise<TopicCaptions[]> {
  const url = normaliseMediaUrl(input.url);
  const key = mediaKey(url);
  if (!url || !key?.startsWith(UPLOAD_KINDS.captions.prefix) || !key.endsWith('.vtt')) {
    return invalid(CAPTION_MESSAGES.notUploaded);
  }
  checkWebVtt(await readCaptions(key));
  const captions = await setTopicCaptions(input.topic_id, input.language, url);
  if (!captions) throw new NotFoundError(CATALOGUE_MESSAGES.topic.notFound);
  return captions;
}

/** `deleteTopicCaptions`: removes one language's captions. */
export async function deleteTopicCaptions(
  topicId: string,
  language: TopicCaptions['language'],
): Promise<TopicCaptions[]> {
  const captions = await setTopicCaptions(topicId, language, undefined);
  if (!captions) throw new NotFoundError(CATALOGUE_MESSAGES.topic.notFound);
  return captions;
}
