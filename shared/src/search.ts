import MiniSearch, { type SearchResult } from 'minisearch';
import { scriptLanguage, type UiLanguage } from './languages.ts';
import {
  SEARCH_INDEX_VERSION,
  type CatalogueHit,
  type Names,
  type Range,
  type SearchIndexFile,
  type SearchIndexNode,
  type SearchIndexPlace,
  type SearchOptions,
  type SearchResults,
  type TopicHit,
} from './search-types.ts';
import { searchTerm, wordsAt, wordsOf } from './search-text.ts';

/*
 * The one search of issue 34 (docs/search.md): the app runs it on the device over the class index
 * files it downloaded, the benchmark and the quality test run the same code. Not exported from
 * shared/src/index.ts: minisearch stays out of the landing page's bundle; import it as
 * `@gia/shared/search.ts`.
 */

export type * from './search-types.ts';
export { SEARCH_INDEX_VERSION, searchPointerKey } from './search-types.ts';

/** How much more a document in the learner's language weighs: their language ranks first. */
const LANGUAGE_BOOST = 3;
/** How much more a name weighs than a word in a page: a topic named by the query is the answer. */
const NAME_BOOST = 2;
/** Typos are forgiven in words of this many letters or more (fewer: "cell" ≠ "call"). */
const FUZZY_MIN_LETTERS = 4;
/** Up to one edit in five letters (minisearch rounds: "photosynthesys" allows 3, then capped). */
const FUZZY = 0.2;
const MAX_EDITS = 2;
/** The places a topic shows at most, and a snippet's words at most. */
const PLACES_PER_TOPIC = 3;
const SNIPPET_WORDS = 24;
/** Words of context shown before the first match when a page is longer than a snippet. */
const SNIPPET_LEAD = 8;
const DEFAULT_LIMIT = 20;
/**
 * Words are matched by their beginning from this many letters: a two-letter beginning matches a
 * large part of a class's words and tells the learner little. Measured on the bench's synthetic
 * class of 300 topics in Node (2 cores), typing 200 words letter by letter: two-letter beginnings
 * took 125 ms p95, and every keystroke 42 ms p95 with them, 11 ms p95 without.
 */
const PREFIX_MIN_LETTERS = 3;
/** The best matching documents grouped at most: a vague query does not cost its long tail. */
const MAX_DOCUMENTS = 400;

/** A searchable document: one name of a catalogue record in one language, or one place. */
type Doc =
  | { id: number; node: number; lang: UiLanguage; text: string }
  | { id: number; place: number; lang: UiLanguage; text: string };

/** One class's index, opened: what `searchIndexes` searches. */
export interface SearchIndex {
  readonly classId: string;
  readonly builtAt: string;
  readonly file: SearchIndexFile;
  /** @internal */
  readonly mini: MiniSearch<Doc>;
  /** @internal */
  readonly docs: Doc[];
}

/** The language of a text: its script's, else English (Latin letters). */
const languageOf = (text: string): UiLanguage => scriptLanguage(text) ?? 'en';

const miniOptions = {
  fields: ['text'],
  // The words are cut and normalised once, by the shared rules (search-text.ts), for the
  // documents and for the query alike.
  tokenize: wordsOf,
  processTerm: (term: string) => term,
};

/**
 * Opens a downloaded index file: builds its full-text index in memory. The file ships the
 * documents, not a serialised minisearch index: it is smaller to send (gzip compresses text better
 * than a term tree), and building is fast (docs/search.md has the numbers).
 */
export function openSearchIndex(file: SearchIndexFile): SearchIndex {
  if (file.v !== SEARCH_INDEX_VERSION) {
    throw new Error(`search index version ${String(file.v)}, expected ${SEARCH_INDEX_VERSION}`);
  }
  const docs: Doc[] = [];
  file.nodes.forEach((node, i) => {
    // A sub-subject is not a page of its own a search opens; it is kept for ids and paths.
    if (node.k === 'sub_subject') return;
    for (const [lang, name] of Object.entries(node.n) as [UiLanguage, string | undefined][]) {
      if (name) docs.push({ id: docs.length, node: i, lang, text: name });
    }
  });
  file.places.forEach((place, i) => {
    const text = place.w ? `${place.s} ${place.w}` : place.s;
    docs.push({ id: docs.length, place: i, lang: place.l ?? languageOf(place.s), text });
  });
  const mini = new MiniSearch<Doc>(miniOptions);
  mini.addAll(docs);
  return { classId: file.class_id, builtAt: file.built_at, file, mini, docs };
}

const nameIn = (names: Names, language: UiLanguage) => names[language] || names.en;

/** A node and its ancestors, outermost first. */
function lineage(file: SearchIndexFile, i: number): SearchIndexNode[] {
  const out: SearchIndexNode[] = [];
  for (let at: number | undefined = i; at !== undefined; at = file.nodes[at]?.p) {
    const node = file.nodes[at];
    if (!node) break;
    out.unshift(node);
  }
  return out;
}

const idOf = (line: SearchIndexNode[], kind: SearchIndexNode['k']) =>
  line.find((n) => n.k === kind)?.id;

/**
 * A place's snippet: its text, or when longer than a snippet, the words around its first match,
 * with the ranges of every matched word in it.
 */
export function snippetOf(text: string, matched: ReadonlySet<string>) {
  const words = wordsAt(text);
  const first = Math.max(
    0,
    words.findIndex((w) => matched.has(w.term)),
  );
  let from = 0;
  let to = words.length;
  if (words.length > SNIPPET_WORDS) {
    from = Math.max(0, Math.min(first - SNIPPET_LEAD, words.length - SNIPPET_WORDS));
    to = from + SNIPPET_WORDS;
  }
  const shown = words.slice(from, to);
  if (!shown.length) return { snippet: text, ranges: [] as Range[] };
  const start = from === 0 ? 0 : shown[0]!.start;
  const end = to === words.length ? text.length : shown[shown.length - 1]!.end;
  const lead = from === 0 ? '' : '… ';
  const snippet = `${lead}${text.slice(start, end)}${to === words.length ? '' : ' …'}`;
  const ranges: Range[] = shown
    .filter((w) => matched.has(w.term))
    .map((w) => [w.start - start + lead.length, w.end - start + lead.length] as const);
  return { snippet, ranges };
}

interface Scored {
  index: SearchIndex;
  doc: Doc;
  result: SearchResult;
}

/** The documents of one index matching the query: every word if any does, else any word. */
function match(index: SearchIndex, query: string, language: UiLanguage): Scored[] {
  const options = {
    prefix: (term: string) => term.length >= PREFIX_MIN_LETTERS,
    fuzzy: (term: string) => (term.length >= FUZZY_MIN_LETTERS ? FUZZY : false),
    maxFuzzy: MAX_EDITS,
    boostDocument: (id: number) => {
      const doc = index.docs[id]!;
      return (doc.lang === language ? LANGUAGE_BOOST : 1) * ('node' in doc ? NAME_BOOST : 1);
    },
  };
  let results = index.mini.search(query, { ...options, combineWith: 'AND' });
  if (!results.length) results = index.mini.search(query, { ...options, combineWith: 'OR' });
  return results.map((result) => ({ index, doc: index.docs[result.id as number]!, result }));
}

/**
 * Searches the opened indexes of one or more classes: catalogue records by name (their pages),
 * and topics by name and by the words of their notes pages and captions, grouped by topic with
 * their matching places, best first, the learner's language first.
 */
export function searchIndexes(
  indexes: readonly SearchIndex[],
  query: string,
  options: SearchOptions,
): SearchResults {
  const { language, subjectId } = options;
  const limit = options.limit ?? DEFAULT_LIMIT;
  if (!wordsOf(query).length) return { catalogue: [], topics: [] };
  const scored = indexes
    .flatMap((index) => match(index, query, language))
    .sort((a, b) => b.result.score - a.result.score)
    .slice(0, MAX_DOCUMENTS);

  const catalogue = new Map<string, CatalogueHit>();
  const topics = new Map<string, TopicHit>();
  const topicOf = (index: SearchIndex, t: number): TopicHit | undefined => {
    const line = lineage(index.file, t);
    const topic = line[line.length - 1]!;
    const subject = idOf(line, 'subject');
    if (subjectId && subject !== subjectId) return undefined;
    const key = `${index.classId}/${topic.id}`;
    let hit = topics.get(key);
    if (!hit) {
      if (topics.size >= limit) return undefined;
      hit = {
        topic_id: topic.id,
        chapter_id: idOf(line, 'chapter') ?? '',
        sub_subject_id: idOf(line, 'sub_subject') ?? '',
        subject_id: subject ?? '',
        class_id: idOf(line, 'class') ?? index.classId,
        board_id: idOf(line, 'board') ?? '',
        name: nameIn(topic.n, language),
        path: line
          .filter((n) => n.k === 'class' || n.k === 'subject' || n.k === 'chapter')
          .map((n) => nameIn(n.n, language)),
        free: topic.free === true,
        name_matched: false,
        places: [],
      };
      topics.set(key, hit);
    }
    return hit;
  };

  for (const { index, doc, result } of scored) {
    if ('node' in doc) {
      const node = index.file.nodes[doc.node]!;
      if (node.k === 'topic') {
        const hit = topicOf(index, doc.node);
        if (hit) hit.name_matched = true;
        continue;
      }
      if (node.k === 'sub_subject') continue;
      const line = lineage(index.file, doc.node);
      const subject = idOf(line, 'subject');
      if (subjectId && subject !== subjectId) continue;
      const key = `${node.k}/${node.id}`;
      if (catalogue.has(key)) continue;
      catalogue.set(key, {
        kind: node.k,
        id: node.id,
        name: nameIn(node.n, language),
        path: line.slice(0, -1).map((n) => nameIn(n.n, language)),
        board_id: idOf(line, 'board') ?? '',
        class_id: idOf(line, 'class'),
        subject_id: subject,
        sub_subject_id: idOf(line, 'sub_subject'),
      });
      continue;
    }
    const place: SearchIndexPlace = index.file.places[doc.place]!;
    const hit = topicOf(index, place.t);
    if (!hit || hit.places.length >= PLACES_PER_TOPIC) continue;
    const { snippet, ranges } = snippetOf(place.s, new Set(result.terms.map(searchTerm)));
    hit.places.push(
      place.k === 'notes'
        ? { kind: 'notes', page: place.at, snippet, ranges }
        : { kind: 'video', seconds: place.at, snippet, ranges },
    );
  }
  return { catalogue: [...catalogue.values()], topics: [...topics.values()] };
}
