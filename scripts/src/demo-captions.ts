import { PutObjectCommand } from '@aws-sdk/client-s3';
import { UPLOAD_KINDS, type CaptionLanguage } from '@gia/shared';
import { insertTopicCaptions } from '@gia/functions/media-jobs/captions.ts';
import { env } from '@gia/functions/lib/env.ts';
import { mediaUrl } from '@gia/functions/lib/media.ts';
import { s3 } from '@gia/functions/lib/s3.ts';

/**
 * Captions for every demo lesson (issue 31, item 5). The demo videos speak no words (a test
 * picture and a tone, scripts/src/demo-assets.ts), so a lesson's captions are its own text: the
 * topic's name and description, then its chapter's notes, in cues of a line or two spread evenly
 * over the video's length (one about every {@link SECONDS_PER_CUE} s, the time to read one), and
 * none past its end. Stored and linked exactly as an admin's upload is: a `.vtt` under the
 * captions prefix, checked and set by `insertTopicCaptions`.
 */

/** About the time a learner takes to read one cue of {@link CUE_CHARS} characters. */
export const SECONDS_PER_CUE = 3;
/** At most this many characters a cue: two lines on a phone at the middle size (three at Large). */
export const CUE_CHARS = 56;

/** The text in cues: sentence by sentence, a long sentence cut between words. */
export function cueTexts(text: string, maxChars = CUE_CHARS): string[] {
  const sentences = text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean);
  const cues: string[] = [];
  for (const sentence of sentences) {
    let cue = '';
    for (const word of sentence.split(' ')) {
      if (cue && cue.length + 1 + word.length > maxChars) {
        cues.push(cue);
        cue = word;
      } else cue = cue ? `${cue} ${word}` : word;
    }
    if (cue) cues.push(cue);
  }
  return cues;
}

/** A cue time as WebVTT writes it: `hh:mm:ss.ttt`. */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(
    Math.floor(ms / 1000) % 60,
  )}.${pad(ms % 1000, 3)}`;
}

/**
 * A WebVTT file of `text` over a video of `seconds`: as many cues as fit one every
 * {@link SECONDS_PER_CUE} s (at least one), back to back from 0 to the video's end; the text
 * beyond them is left out rather than hurried.
 */
export function demoWebVtt(text: string, seconds: number): string {
  const slots = Math.max(1, Math.floor(seconds / SECONDS_PER_CUE));
  const cues = cueTexts(text).slice(0, slots);
  const each = seconds / Math.max(1, cues.length);
  const body = cues.map(
    (cue, i) => `${i + 1}\n${vttTime(i * each)} --> ${vttTime((i + 1) * each)}\n${cue}\n`,
  );
  return ['WEBVTT', '', ...body].join('\n');
}

/** A demo lesson's text: the topic's name and description, then its chapter's notes. */
export function demoLessonText(
  topicName: string,
  description: string,
  notes: readonly string[] = [],
): string {
  const sentence = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
  return [sentence(topicName), sentence(description), ...notes].join(' ');
}

/**
 * Stores a demo lesson's captions as an admin's upload is stored (`private/captions/<id>-<name>.vtt`,
 * `text/vtt`) and links them to the topic in their language (English unless given) through the
 * admin's own service.
 */
export async function seedDemoCaptions(
  topicId: string,
  vtt: string,
  language: CaptionLanguage = 'en',
): Promise<void> {
  const key = `${UPLOAD_KINDS.captions.prefix}${topicId}-demo-captions.vtt`;
  await s3.send(
    new PutObjectCommand({
      Bucket: env().MEDIA_BUCKET,
      Key: key,
      Body: vtt,
      ContentType: UPLOAD_KINDS.captions.contentTypes[0],
    }),
  );
  await insertTopicCaptions({ topic_id: topicId, language, url: mediaUrl(key) });
  // Read like an admin's upload is (the seed writes before the object-created notifications are
  // registered): the search index and the AI teacher find what the lesson says.
  const { extractSource } = await import('@gia/functions/sources/handler.ts');
  await extractSource(key);
}
