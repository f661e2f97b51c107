import {
  presentedVideoOf,
  type PlayableTopic,
  type PublicTopic,
  type TopicRecord,
} from '@gia/shared';
import { signedMediaUrl } from '../lib/media.ts';
import { signedCaptions, videoDelivery } from '../lib/hls-access.ts';

/** A known length: a non-negative number of seconds, else `null`. */
const knownSeconds = (value: unknown): number | null =>
  typeof value === 'number' && value >= 0 ? value : null;

/**
 * A topic as every public read shows it (docs/api.md §4, §8a): the class detail, the subject
 * outline and `getTopics` all take a topic's fields from here, so none can leave one out.
 *
 * These answers are cached at the edge and are the same for everyone (issue 30, item 4), so
 * `openToAll` is whether ANYONE may watch the topic (free to watch, or a free course): then
 * `video_url` and the captions are signed (for an hour, far longer than a cached answer lives);
 * otherwise it is `locked`. The HLS fields stay `null` here: they come with per-viewer cookies,
 * which a shared answer must never set. What a learner may play beyond that, and the HLS of every
 * topic they may play, comes from the personal call ({@link playableTopic}). The video's state is
 * shown either way, never its error (admins only).
 */
export async function publicTopic(t: TopicRecord, openToAll: boolean): Promise<PublicTopic> {
  return {
    topic_id: t.topic_id,
    topic_name: t.topic_name,
    serial_no: t.serial_no,
    free_to_watch: t.free_to_watch,
    duration_seconds: knownSeconds(t.duration_seconds),
    ...presentedVideoOf(t, { admin: false }),
    video_url: openToAll ? await signedMediaUrl(t.video_url) : null,
    video_hls_url: null,
    video_poster_url: null,
    captions: await signedCaptions((t as { captions?: unknown }).captions, openToAll),
    locked: !openToAll,
  };
}

/**
 * A topic the caller may watch, as the personal call answers it: signed media and, once
 * transcoded, the HLS fields with their cookies set on the (never cached) answer.
 */
export async function playableTopic(t: TopicRecord): Promise<PlayableTopic> {
  const delivery = await videoDelivery(t, true);
  return {
    topic_id: t.topic_id,
    video_url: await signedMediaUrl(t.video_url),
    notes_url: await signedMediaUrl(t.notes_url),
    video_hls_url: delivery.video_hls_url,
    video_poster_url: delivery.video_poster_url,
    captions: delivery.captions,
    locked: false,
  };
}
