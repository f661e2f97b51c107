import { presentedVideoOf, type PublicTopic, type TopicRecord } from '@gia/shared';
import { signedMediaUrl } from '../lib/media.ts';
import { videoDelivery } from '../lib/hls-access.ts';

/** A known length: a non-negative number of seconds, else `null`. */
const knownSeconds = (value: unknown): number | null =>
  typeof value === 'number' && value >= 0 ? value : null;

/**
 * A topic as every public read shows it (docs/api.md §4, §8a): the class detail, the subject
 * outline and `getTopics` all take a topic's fields from here, so none can leave one out. `open`:
 * the caller may watch it (then `video_url` is signed and, once transcoded, the HLS fields and
 * their cookies are given); otherwise `locked`, with no playable media. The video's state is
 * shown either way, never its error (admins only).
 */
export async function publicTopic(t: TopicRecord, open: boolean): Promise<PublicTopic> {
  return {
    topic_id: t.topic_id,
    topic_name: t.topic_name,
    serial_no: t.serial_no,
    free_to_watch: t.free_to_watch,
    duration_seconds: knownSeconds(t.duration_seconds),
    ...presentedVideoOf(t, { admin: false }),
    video_url: open ? await signedMediaUrl(t.video_url) : null,
    ...(await videoDelivery(t, open)),
    locked: !open,
  };
}
