import {
  AI_SOURCE_MESSAGES as M,
  LEARNING_MESSAGES,
  type UpdateTopicSourcesInput,
} from '@gia/shared';
import {
  correctPages,
  sourceOf,
  sourcesOf,
  type NotesMethod,
  type SourceItem,
} from '../db/sources.ts';
import { recordOf } from '../db/records.ts';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import { sourceKeys, type GroundedTopic } from '../domain/grounding/index.ts';

/** What getTopicSources answers (docs/api.md, the AI teacher's sources). */
export interface TopicSources {
  topic_id: string;
  notes: {
    status: 'none' | 'processing' | 'ready' | 'failed';
    error?: string;
    /** Ready notes: which read gave the text (issue 33), and the pages OCR read. */
    method?: NotesMethod;
    ocr_pages?: number[];
    pages: { page: number; text: string; corrected: boolean }[];
  };
  captions: { language: string; cues: { start: number; text: string }[] }[];
  description: string;
}

async function topicOf(topicId: string): Promise<GroundedTopic> {
  const topic = (await recordOf('topic', topicId)) as GroundedTopic | undefined;
  if (!topic) throw new NotFoundError(LEARNING_MESSAGES.topicNotFound);
  return topic;
}

/** A notes source as the admin sees it: every page, the corrected text where there is one. */
function notesView(key: string | undefined, item: SourceItem | undefined): TopicSources['notes'] {
  if (!key) return { status: 'none', pages: [] };
  if (!item) return { status: 'processing', pages: [] };
  return {
    status: item.status,
    ...(item.error ? { error: item.error } : {}),
    ...(item.status === 'ready' && item.method ? { method: item.method } : {}),
    ...(item.status === 'ready' && item.ocr_pages?.length ? { ocr_pages: item.ocr_pages } : {}),
    pages: (item.pages ?? []).map((text, i) => {
      const fix = item.corrected?.[String(i + 1)];
      return { page: i + 1, text: fix ?? text, corrected: fix !== undefined };
    }),
  };
}

/** A topic's extracted notes pages, captions cues and description (admin). */
export async function topicSources(topicId: string): Promise<TopicSources> {
  const topic = await topicOf(topicId);
  const { notes, captions } = sourceKeys(topic);
  const items = await sourcesOf([...(notes ? [notes] : []), ...captions]);
  return {
    topic_id: topic.topic_id,
    notes: notesView(notes, notes ? items.get(notes) : undefined),
    captions: (topic.captions ?? []).flatMap((c) => {
      const item = items.get(sourceKeys({ ...topic, captions: [c] }).captions[0] ?? '');
      return item?.status === 'ready'
        ? [{ language: c.language ?? '', cues: item.cues ?? [] }]
        : [];
    }),
    description: topic.topic_description ?? '',
  };
}

/**
 * Corrects pages of a topic's extracted notes (a corrected text wins; an empty one restores the
 * extracted text). The topic's passages follow at the next question (their signature changes).
 */
export async function updateTopicSources(input: UpdateTopicSourcesInput): Promise<TopicSources> {
  const topic = await topicOf(input.topic_id);
  const { notes } = sourceKeys(topic);
  const item = notes ? await sourceOf(notes) : undefined;
  if (!notes || item?.status !== 'ready') throw new ValidationError(M.noNotes);
  const count = item.pages?.length ?? 0;
  if (input.pages.some((p) => p.page > count)) throw new ValidationError(M.pageMissing);
  try {
    await correctPages(notes, input.pages);
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') {
      throw new ValidationError(M.noNotes);
    }
    throw err;
  }
  return topicSources(input.topic_id);
}
