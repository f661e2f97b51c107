import {
  passagesOf,
  savePassages,
  sourcesOf,
  type SourceItem,
  type TopicPassages,
} from '../../db/sources.ts';
import { logger } from '../../lib/logger.ts';
import { mediaKey } from '../../lib/media.ts';
import {
  buildIndex,
  capPassages,
  captionPassages,
  descriptionPassages,
  notesPassages,
  type Passage,
} from './passages.ts';

/** What grounding reads of a topic record (captions come from the video pipeline). */
export interface GroundedTopic {
  topic_id: string;
  topic_description?: string;
  notes_url?: string;
  captions?: { language?: string; url?: string }[];
}

/** The storage keys of a topic's notes and captions files (ours only: `/media/…`). */
export function sourceKeys(topic: GroundedTopic): { notes?: string; captions: string[] } {
  const captions = Array.isArray(topic.captions)
    ? topic.captions.map((c) => mediaKey(c?.url)).filter((k): k is string => Boolean(k))
    : [];
  return { notes: mediaKey(topic.notes_url), captions };
}

/** A notes source's page texts with the admin's corrections winning over the extracted ones. */
export const effectivePages = (source: Pick<SourceItem, 'pages' | 'corrected'>) =>
  (source.pages ?? []).map((text, i) => source.corrected?.[String(i + 1)] ?? text);

/**
 * What the passages depend on: the notes and captions keys, the description, and the version of
 * each source item (it changes on every extraction and correction). Equal signatures mean the
 * stored passages are current.
 */
function signature(topic: GroundedTopic, versions: Map<string, SourceItem>): string {
  const { notes, captions } = sourceKeys(topic);
  const v = (k?: string) => (k ? `${k}@${versions.get(k)?.version ?? '-'}` : '');
  return JSON.stringify([v(notes), captions.map(v), topic.topic_description ?? '']);
}

/** Cuts a topic's current sources into passages (notes pages, then captions, then description). */
export function cutPassages(topic: GroundedTopic, sources: Map<string, SourceItem>): Passage[] {
  const { notes, captions } = sourceKeys(topic);
  const notesItem = notes ? sources.get(notes) : undefined;
  const parts = [
    ...(notesItem?.status === 'ready' ? notesPassages(effectivePages(notesItem)) : []),
    ...captions.flatMap((k) => {
      const item = sources.get(k);
      return item?.status === 'ready' ? captionPassages(item.cues ?? []) : [];
    }),
  ];
  // The description goes first when it is there: it is short and always current.
  return capPassages([...descriptionPassages(topic.topic_description ?? ''), ...parts]);
}

/**
 * A topic's passages and index, rebuilt (and stored with the topic) when its sources changed
 * since the stored build: checked at question time against the sources' versions, so no change
 * anywhere (an extraction finishing, a correction, a new notes url or description) needs to tell
 * the topic. Costs two small reads when nothing changed.
 */
export async function topicPassages(topic: GroundedTopic): Promise<TopicPassages> {
  const { notes, captions } = sourceKeys(topic);
  const wanted = [...(notes ? [notes] : []), ...captions];
  const [versions, stored] = await Promise.all([
    wanted.length ? sourcesOf(wanted, true) : Promise.resolve(new Map<string, SourceItem>()),
    passagesOf([topic.topic_id]),
  ]);
  const sig = signature(topic, versions);
  const current = stored.get(topic.topic_id);
  if (current?.signature === sig) return current;
  const sources = wanted.length ? await sourcesOf(wanted) : new Map<string, SourceItem>();
  const passages = cutPassages(topic, sources);
  const built: TopicPassages = {
    topic_id: topic.topic_id,
    signature: signature(topic, sources),
    passages,
    index: buildIndex(passages),
    built_at: new Date().toISOString(),
  };
  // Kept for the next question; a failure to keep it only costs a rebuild then.
  await savePassages(built).catch((err: unknown) =>
    logger.warn('topic passages not kept', { error: err as Error }),
  );
  return built;
}
