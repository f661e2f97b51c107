/*
 * The shapes of search (issue 34, docs/search.md): the per-class index file the search function
 * writes to S3, its pointer, and what a search on the device answers. The search code itself
 * (`openSearchIndex`, `searchIndexes`) is shared/src/search.ts.
 */
import type { UiLanguage } from './languages.ts';

/** The index file's format version: a reader refuses a file of another. */
export const SEARCH_INDEX_VERSION = 1;

/** Where a class's pointer is, under the media bucket (and `/media/` on the site). */
export const searchPointerKey = (classId: string) => `public/search/${classId}/latest.json`;

/** `public/search/<class_id>/latest.json`: the class's current index file. */
export interface SearchPointer {
  v: typeof SEARCH_INDEX_VERSION;
  class_id: string;
  /** The index file's key, `public/search/<class_id>/<hash>.json` (immutable). */
  file: string;
  /** Its size as JSON, and as sent (gzip). */
  bytes: number;
  gzip_bytes: number;
  built_at: string;
}

/** A name in each language it has (`en` always; `kn`, `hi` where translated). */
export type Names = { en: string } & Partial<Record<Exclude<UiLanguage, 'en'>, string>>;

export type CatalogueKind = 'board' | 'class' | 'subject' | 'chapter';

/** A catalogue record a search can open (its page). */
export interface CatalogueHit {
  kind: CatalogueKind;
  id: string;
  /** Its name in the asked language (else English). */
  name: string;
  /** Its ancestors' names in the asked language, outermost first ("SSLC", "Class 10"). */
  path: string[];
  /** Ids a link to its page needs. */
  board_id: string;
  class_id?: string;
  subject_id?: string;
  sub_subject_id?: string;
}

/** A run of matched characters in a snippet, `[start, end)`, for highlighting. */
export type Range = readonly [number, number];

/** A place inside a topic that matched. */
export type Place =
  | { kind: 'notes'; page: number; snippet: string; ranges: Range[] }
  | { kind: 'video'; seconds: number; snippet: string; ranges: Range[] };

/** A topic that matched: by its name, its places, or both. */
export interface TopicHit {
  topic_id: string;
  chapter_id: string;
  sub_subject_id: string;
  subject_id: string;
  class_id: string;
  board_id: string;
  /** The topic's name in the asked language (else English). */
  name: string;
  /** "Class 10", "Mathematics", "Real Numbers": class, subject, chapter, in the asked language. */
  path: string[];
  /** Anyone may watch it (a free topic or a free course): no lock. */
  free: boolean;
  /** Whether its own name matched. */
  name_matched: boolean;
  /** Its matching places, best first (at most a few). */
  places: Place[];
}

/** What a search answers, best first in each list. */
export interface SearchResults {
  catalogue: CatalogueHit[];
  topics: TopicHit[];
}

export interface SearchOptions {
  /** The learner's language: its names are shown, and its text ranks first. */
  language: UiLanguage;
  /** Only this subject's topics (and catalogue hits under it). */
  subjectId?: string;
  /** At most this many topics (default 20). */
  limit?: number;
}

/** The kinds of catalogue record an index file holds (sub-subjects give ids and paths only). */
export type SearchNodeKind = CatalogueKind | 'sub_subject' | 'topic';

/**
 * A catalogue record in an index file. Short keys: a class's file holds hundreds of these, and the
 * file is what a learner downloads on a phone.
 */
export interface SearchIndexNode {
  k: SearchNodeKind;
  id: string;
  /** Its parent's position in `nodes` (a board has none). */
  p?: number;
  /** Its names. */
  n: Names;
  /** A topic anyone may watch (free to watch, or in a free course). */
  free?: boolean;
}

/** A place inside a topic a result can open: a notes page or a moment of the video. */
export interface SearchIndexPlace {
  /** The topic's position in `nodes`. */
  t: number;
  k: 'notes' | 'video';
  /** The notes page (from 1), or the video's second. */
  at: number;
  /**
   * The text a result shows: a free topic's whole page (or caption window); a paid topic's
   * snippets, joined by " … " (docs/search.md, the bound).
   */
  s: string;
  /** More words it is found by and never shown: a paid place's keywords not in its snippets. */
  w?: string;
  /** Its language when the builder knows it; else the reader takes it from the script. */
  l?: UiLanguage;
}

/** `public/search/<class_id>/<hash>.json`: everything search needs about one class. */
export interface SearchIndexFile {
  v: typeof SEARCH_INDEX_VERSION;
  class_id: string;
  built_at: string;
  /** The class's board, the class, its subjects, sub-subjects, chapters and topics, parents first. */
  nodes: SearchIndexNode[];
  places: SearchIndexPlace[];
}
