import type { UiLanguage } from '@gia/shared';
import { searchIndexes, type SearchIndex, type TopicHit } from '@gia/shared/search.ts';

/*
 * The fixed quality set of search (issue 34): queries over the demo catalogue (scripts/src/seed.ts)
 * a learner would type, each with the topic and the place it must find within the first three
 * topics. Names, words of the notes (scripts/src/demo-notes.ts, demo-printed-notes.ts), words said
 * only in the captions (the lessons' own text: their description, scripts/src/demo-captions.ts),
 * typos and beginnings of words, Kannada and Hindi. Run by the bench's search section and by the
 * quality integration test.
 */

/** Where the hit must be: a notes page, the video (any second), or the topic's own name. */
export type Expected = { notes: number } | { video: true } | { name: true };

export interface Query {
  q: string;
  language: UiLanguage;
  /** The topic's English name in the demo catalogue. */
  topic: string;
  place: Expected;
  kind: 'name' | 'notes' | 'captions' | 'typo' | 'kannada' | 'hindi';
}

const en = (q: string, topic: string, place: Expected, kind: Query['kind']): Query => ({
  q,
  language: 'en',
  topic,
  place,
  kind,
});

const LINEAR = 'Linear Equations: Introduction';
const QUADRATIC = 'Quadratic Equations: Introduction';
const LIGHT = 'Light - Reflection and Refraction: Introduction';
const ACIDS = 'Acids, Bases and Salts: Introduction';
const REAL = 'Real Numbers: Introduction';
const MEAN = 'Mean, Median and Mode: Introduction';
const LIVING = 'The Living World: Introduction';

export const QUERIES: Query[] = [
  // Words of a notes page open that page.
  en('transposing', LINEAR, { notes: 2 }, 'notes'),
  en('consecutive numbers', LINEAR, { notes: 3 }, 'notes'),
  en('discriminant', QUADRATIC, { notes: 3 }, 'notes'),
  en('factorisation middle term', QUADRATIC, { notes: 2 }, 'notes'),
  en('angle of incidence', LIGHT, { notes: 1 }, 'notes'),
  en('radius of curvature', LIGHT, { notes: 2 }, 'notes'),
  en('optically denser medium', LIGHT, { notes: 3 }, 'notes'),
  en('blue litmus', ACIDS, { notes: 1 }, 'notes'),
  en('milk of magnesia', ACIDS, { notes: 2 }, 'notes'),
  en('baking soda', ACIDS, { notes: 3 }, 'notes'),
  en('irrational', REAL, { notes: 1 }, 'notes'),
  en('fundamental theorem of arithmetic', REAL, { notes: 2 }, 'notes'),
  en('modal class', MEAN, { notes: 3 }, 'notes'),
  en('median middle value', MEAN, { notes: 2 }, 'notes'),
  en('binomial nomenclature', LIVING, { notes: 2 }, 'notes'),
  en('taxonomic hierarchy', LIVING, { notes: 3 }, 'notes'),
  en('metabolism', LIVING, { notes: 1 }, 'notes'),
  // Typos and beginnings of words.
  en('discriminent', QUADRATIC, { notes: 3 }, 'typo'),
  en('neutralization', ACIDS, { notes: 3 }, 'typo'),
  en('nomencla', LIVING, { notes: 2 }, 'typo'),
  en('photosynthesys', 'Photosynthesis', { name: true }, 'typo'),
  en('quadratik equations', QUADRATIC, { name: true }, 'typo'),
  en('texonomy', LIVING, { notes: 2 }, 'typo'),
  en('litmas', ACIDS, { notes: 1 }, 'typo'),
  en('respir', 'Respiration', { name: true }, 'typo'),
  // Names.
  en('Triangles', 'Triangles: Introduction', { name: true }, 'name'),
  en('force introduction', 'Force: Introduction', { name: true }, 'name'),
  en('tenses', 'Tenses: Introduction', { name: true }, 'name'),
  en('respiration', 'Respiration', { name: true }, 'name'),
  en('living world', LIVING, { name: true }, 'name'),
  en('real numbers core ideas', 'Real Numbers: Core ideas', { name: true }, 'name'),
  en('triangles practice problems', 'Triangles: Practice problems', { name: true }, 'name'),
  // Said only in the lesson (its captions): the topic's description, at the start of its video.
  en('force exam style', 'Force: Practice problems', { video: true }, 'captions'),
  en('tenses exam style questions', 'Tenses: Practice problems', { video: true }, 'captions'),
  en('triangles main definitions', 'Triangles: Core ideas', { video: true }, 'captions'),
  en('force chapter covers', 'Force: Introduction', { video: true }, 'captions'),
  en('quadratic worked examples', 'Quadratic Equations: Core ideas', { video: true }, 'captions'),
  // Kannada: names, and words of the Kannada notes.
  {
    q: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ',
    language: 'kn',
    topic: 'Photosynthesis',
    place: { name: true },
    kind: 'kannada',
  },
  { q: 'ಉಸಿರಾಟ', language: 'kn', topic: 'Respiration', place: { name: true }, kind: 'kannada' },
  {
    q: 'ಪತ್ರರಂಧ್ರಗಳು',
    language: 'kn',
    topic: 'Photosynthesis',
    place: { notes: 3 },
    kind: 'kannada',
  },
  {
    q: 'ತ್ರಿಭುಜಗಳು ಪರಿಚಯ',
    language: 'kn',
    topic: 'Triangles: Introduction',
    place: { name: true },
    kind: 'kannada',
  },
  {
    q: 'ವರ್ಗ ಸಮೀಕರಣಗಳು ಪರಿಚಯ',
    language: 'kn',
    topic: QUADRATIC,
    place: { name: true },
    kind: 'kannada',
  },
  // Hindi: names.
  {
    q: 'प्रकाश संश्लेषण',
    language: 'hi',
    topic: 'Photosynthesis',
    place: { name: true },
    kind: 'hindi',
  },
  { q: 'श्वसन', language: 'hi', topic: 'Respiration', place: { name: true }, kind: 'hindi' },
  {
    q: 'त्रिभुज अभ्यास प्रश्न',
    language: 'hi',
    topic: 'Triangles: Practice problems',
    place: { name: true },
    kind: 'hindi',
  },
  { q: 'वास्तविक संख्याएँ परिचय', language: 'hi', topic: REAL, place: { name: true }, kind: 'hindi' },
  { q: 'द्विघात समीकरण', language: 'hi', topic: QUADRATIC, place: { name: true }, kind: 'hindi' },
];

/** Whether a topic hit is at the expected place. */
function atPlace(hit: TopicHit, place: Expected): boolean {
  if ('name' in place) return hit.name_matched;
  if ('video' in place) return hit.places.some((p) => p.kind === 'video');
  return hit.places.some((p) => p.kind === 'notes' && p.page === place.notes);
}

export interface QueryResult {
  query: Query;
  hit: boolean;
  /** The English names of the first three topics found. */
  top: string[];
}

/** Runs the quality set over opened indexes: each query's top three, and the hit rate. */
export function runQueries(indexes: SearchIndex[], queries: Query[] = QUERIES) {
  const english = new Map<string, string>();
  for (const index of indexes) {
    for (const node of index.file.nodes) if (node.k === 'topic') english.set(node.id, node.n.en);
  }
  const results: QueryResult[] = queries.map((query) => {
    const top = searchIndexes(indexes, query.q, { language: query.language }).topics.slice(0, 3);
    const hit = top.some((t) => english.get(t.topic_id) === query.topic && atPlace(t, query.place));
    return { query, hit, top: top.map((t) => english.get(t.topic_id) ?? t.topic_id) };
  });
  const rate = results.filter((r) => r.hit).length / results.length;
  return { results, rate };
}
