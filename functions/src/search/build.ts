import {
  SEARCH_INDEX_VERSION,
  type Names,
  type SearchIndexFile,
  type SearchIndexNode,
  type SearchIndexPlace,
} from '@gia/shared/search-types.ts';
import { wordsAt, wordsOf } from '@gia/shared/search-text.ts';
import type { RecordOf, TopicCaptions } from '@gia/shared';
import type { ClassContents } from '../db/catalogue-reads.ts';
import { classTree, recordSourceUses, type ClassTree } from '../db/search.ts';
import { sourcesOf, type Cue, type SourceItem } from '../db/sources.ts';
import { isFreeCourse } from '../domain/entitlement/index.ts';
import { effectivePages, sourceKeys } from '../domain/grounding/index.ts';

/*
 * A class's search index (issue 34, docs/search.md): its catalogue names in every language they
 * have, and the places of its topics (notes pages, caption windows) with the text a result shows.
 * A topic anyone may watch goes in whole; a paid topic's text is bounded, so the public index
 * never holds more of it than a result shows.
 */

/**
 * The bound on a paid place (docs/search.md): at most so many keywords, and snippets of so many
 * words. Tighter than the privacy bound the issue allows (20 keywords, 2 snippets of 12 words per
 * page or 20 s): a class of 300 paid topics must fit 300 KB gzip (the bench's synthetic class).
 */
export const PAID_BOUND = { keywords: 8, snippets: 1, snippetWords: 8 } as const;
/**
 * Captions are cut into windows: a place is its window's first second. A free topic's windows
 * are short (the player lands close to the word); a paid topic's are a minute, so its captions
 * hold the bound once a minute, not three times.
 */
export const CAPTION_WINDOW_SECONDS = { free: 20, paid: 60 } as const;

/** Words that tell nothing about a page (never keywords, never a snippet's reason). */
const STOP = new Set(
  (
    'a an and are as at be been but by can could do does for from had has have he her his how i ' +
    'if in into is it its let me my no not of on or our she so than that the their them then ' +
    'there these they this those to up us was we were what when where which who why will with ' +
    'would you your'
  ).split(' '),
);

/** A place before its text is bounded: the topic, where, and its whole text. */
interface RawPlace {
  t: number;
  k: 'notes' | 'video';
  at: number;
  text: string;
  free: boolean;
}

const telling = (term: string) => term.length > 2 && !STOP.has(term) && !/^\d+$/.test(term);

/** How often each word is found in the class's places (a word in every page tells nothing). */
function documentFrequency(places: RawPlace[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const p of places) {
    for (const term of new Set(wordsOf(p.text))) df.set(term, (df.get(term) ?? 0) + 1);
  }
  return df;
}

/**
 * A paid place's text, bounded: at most `snippets` runs of `snippetWords` words (the runs with
 * the most telling words, in the page's order) to show, and at most `keywords` more words (the
 * most telling of the page within the class, tf·idf) to find it by, never shown.
 */
export function boundPlace(
  text: string,
  df: ReadonlyMap<string, number>,
  placeCount: number,
): { s: string; w?: string } {
  const words = wordsAt(text);
  const idf = (term: string) =>
    telling(term) ? Math.log(1 + placeCount / (df.get(term) ?? 1)) : 0;
  const size = PAID_BOUND.snippetWords;
  // Candidate runs start at each word; the best that do not overlap are kept.
  const runs = words
    .map((_, i) => {
      const run = words.slice(i, i + size);
      const score = [...new Set(run.map((w) => w.term))].reduce((sum, t) => sum + idf(t), 0);
      return { i, score };
    })
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const kept: number[] = [];
  for (const run of runs) {
    if (kept.length >= PAID_BOUND.snippets) break;
    if (kept.every((k) => Math.abs(k - run.i) >= size)) kept.push(run.i);
  }
  kept.sort((a, b) => a - b);
  const snippets = kept.map((i) => {
    const run = words.slice(i, i + size);
    return text.slice(run[0]!.start, run[run.length - 1]!.end);
  });
  const shown = new Set(kept.flatMap((i) => words.slice(i, i + size).map((w) => w.term)));
  const tf = new Map<string, number>();
  for (const w of words) tf.set(w.term, (tf.get(w.term) ?? 0) + 1);
  const keywords = [...tf]
    .filter(([term]) => telling(term) && !shown.has(term))
    .map(([term, n]) => ({ term, score: n * idf(term) }))
    .sort((a, b) => b.score - a.score || a.term.localeCompare(b.term))
    .slice(0, PAID_BOUND.keywords)
    .map((k) => k.term);
  return { s: snippets.join(' … '), ...(keywords.length ? { w: keywords.join(' ') } : {}) };
}

/** Caption cues in windows of `seconds`: each window's first second and text. */
export function captionWindows(cues: Cue[], seconds: number): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  for (const cue of [...cues].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    const text = cue.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (last && cue.start < last.at + seconds) last.text += ` ${text}`;
    else out.push({ at: Math.floor(cue.start), text });
  }
  return out;
}

/** The storage keys of a topic's notes and captions (as the AI teacher's grounding reads them). */
const keysOf = (topic: RecordOf<'topic'>) =>
  sourceKeys({
    topic_id: topic.topic_id,
    notes_url: topic.notes_url ?? undefined,
    // Kept on the stored topic by the captions routes (functions/src/db/videos.ts).
    captions: (topic as { captions?: TopicCaptions[] }).captions,
  });

/** A record's names: its English name and the translations of that field it has. */
function namesOf(record: { translations?: Record<string, Record<string, string>> }, field: string) {
  const names: Names = { en: String((record as Record<string, unknown>)[field] ?? '') };
  for (const lang of ['kn', 'hi'] as const) {
    const name = record.translations?.[lang]?.[field]?.trim();
    if (name) names[lang] = name;
  }
  return names;
}

/**
 * The index of a class from its records and its topics' read sources: what `buildClassIndex`
 * writes, apart from the reads (unit-tested as is).
 */
export function indexOfClass(
  tree: ClassTree,
  sources: ReadonlyMap<string, SourceItem>,
  builtAt: string,
): SearchIndexFile {
  const nodes: SearchIndexNode[] = [];
  const at = new Map<string, number>();
  const add = (key: string, node: SearchIndexNode) => {
    at.set(key, nodes.length);
    nodes.push(node);
  };
  const cls = tree.class;
  if (tree.board) {
    add(`board/${tree.board.board_id}`, {
      k: 'board',
      id: tree.board.board_id,
      n: namesOf(tree.board, 'board_name'),
    });
  }
  add(`class/${cls.class_id}`, {
    k: 'class',
    id: cls.class_id,
    p: at.get(`board/${cls.board_id}`),
    n: namesOf(cls, 'class_name'),
  });
  const subjects = new Map(tree.subjects.map((s) => [s.subject_id, s]));
  for (const s of tree.subjects) {
    add(`subject/${s.subject_id}`, {
      k: 'subject',
      id: s.subject_id,
      p: at.get(`class/${cls.class_id}`),
      n: namesOf(s, 'subject_name'),
    });
  }
  for (const s of tree.subSubjects) {
    if (!at.has(`subject/${s.subject_id}`)) continue;
    add(`sub_subject/${s.sub_subject_id}`, {
      k: 'sub_subject',
      id: s.sub_subject_id,
      p: at.get(`subject/${s.subject_id}`),
      n: namesOf(s, 'sub_subject_name'),
    });
  }
  for (const c of tree.chapters) {
    const parent = at.get(`sub_subject/${c.sub_subject_id}`) ?? at.get(`subject/${c.subject_id}`);
    if (parent === undefined) continue;
    add(`chapter/${c.chapter_id}`, {
      k: 'chapter',
      id: c.chapter_id,
      p: parent,
      n: namesOf(c, 'chapter_name'),
    });
  }

  const raw: RawPlace[] = [];
  const topicActive = (t: RecordOf<'topic'>) => t.status === 'Active';
  for (const topic of tree.topics.filter(topicActive)) {
    const parent = at.get(`chapter/${topic.chapter_id}`);
    if (parent === undefined) continue;
    const free =
      topic.free_to_watch === '1' ||
      isFreeCourse({ subject: subjects.get(topic.subject_id), class: cls, board: tree.board });
    const t = nodes.length;
    add(`topic/${topic.topic_id}`, {
      k: 'topic',
      id: topic.topic_id,
      p: parent,
      n: namesOf(topic, 'topic_name'),
      ...(free ? { free: true } : {}),
    });
    const { notes, captions } = keysOf(topic);
    const notesItem = notes ? sources.get(notes) : undefined;
    if (notesItem?.status === 'ready') {
      effectivePages(notesItem).forEach((text, i) => {
        if (wordsOf(text).length) raw.push({ t, k: 'notes', at: i + 1, text, free });
      });
    }
    for (const key of captions) {
      const item = sources.get(key);
      if (item?.status !== 'ready') continue;
      const window = CAPTION_WINDOW_SECONDS[free ? 'free' : 'paid'];
      for (const w of captionWindows(item.cues ?? [], window))
        raw.push({ t, k: 'video', ...w, free });
    }
  }

  const df = documentFrequency(raw);
  const places: SearchIndexPlace[] = raw.map(({ t, k, at: where, text, free }) => ({
    t,
    k,
    at: where,
    ...(free ? { s: text.replace(/\s+/g, ' ').trim() } : boundPlace(text, df, raw.length)),
  }));
  return {
    v: SEARCH_INDEX_VERSION,
    class_id: cls.class_id,
    built_at: builtAt,
    nodes,
    places,
  };
}

/**
 * Builds a class's index from the table (its content partition from `read` where the caller read
 * it), or undefined when the class is gone. The sources it uses are recorded first, so an
 * extraction finishing after this build's read still rebuilds it.
 */
export async function buildClassIndex(
  classId: string,
  read?: ClassContents,
): Promise<SearchIndexFile | undefined> {
  const tree = await classTree(classId, read);
  if (!tree) return undefined;
  const keys = tree.topics.flatMap((t) => {
    const { notes, captions } = keysOf(t);
    return [...(notes ? [notes] : []), ...captions];
  });
  await recordSourceUses(classId, keys);
  const sources = keys.length ? await sourcesOf(keys) : new Map<string, SourceItem>();
  return indexOfClass(tree, sources, new Date().toISOString());
}
