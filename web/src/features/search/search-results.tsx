/*
 * What a search found (issue 34), as the /search page shows it: the catalogue's names that
 * matched (each opening its page), then the topics grouped one by one — the topic's name and path
 * ("Class 10 · Mathematics · Real Numbers"), its lock when the learner may not open it, and its
 * matching places ("Notes p. 3", "Video 02:14"), each with its snippet and the matched words
 * marked, each a link to that very page or second (plain anchors moving within the app through
 * one click handler: lib/link-clicks.ts).
 */
import { memo } from 'react';
import type {
  CatalogueHit,
  Place,
  Range,
  SearchResults as Results,
  TopicHit,
} from '@gia/shared/search-types.ts';
import { LockIcon, NotesIcon, VideoIcon } from '../../components/icons.tsx';
import { clock } from '../../lib/video-time.ts';
import { useT } from '../../lib/i18n.ts';
import { useLinkClicks } from '../../lib/link-clicks.ts';
import { links } from '../../lib/links.ts';

/** The word naming each kind of catalogue hit. */
const KIND_LABELS: Record<CatalogueHit['kind'], string> = {
  board: 'search.kind.board',
  class: 'search.kind.class',
  subject: 'search.kind.subject',
  chapter: 'search.kind.chapter',
};

/** A snippet with its matched ranges in `<mark>` (ranges out of order or overlapping are merged). */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  const sorted = [...ranges]
    .map(([a, b]) => [Math.max(0, a), Math.min(text.length, b)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** Where a catalogue hit opens: its page. */
export function catalogueLink(hit: CatalogueHit): string {
  switch (hit.kind) {
    case 'board':
      return links.classes(hit.id);
    case 'class':
      return links.subjects(hit.id);
    case 'subject':
      return links.subject(hit.id);
    case 'chapter':
      // A chapter's page is its lessons: the player opens it where the learner left off.
      return links.topic(hit.id);
  }
}

/**
 * Where a place of a topic opens: the notes viewer at its page, the lesson at its second; a topic
 * the learner may not open leads to its subject's page (where it can be bought) instead.
 */
export function placeLink(topic: TopicHit, place: Place | undefined, locked: boolean): string {
  if (locked) return links.subject(topic.subject_id);
  if (place?.kind === 'notes') return links.notes(topic.topic_id, place.page);
  if (place?.kind === 'video') return links.topic(topic.chapter_id, topic.topic_id, place.seconds);
  return links.topic(topic.chapter_id, topic.topic_id);
}

/** The interface's words, looked up once for the whole list (not once for each item). */
type T = ReturnType<typeof useT>;

function PlaceItem({
  t,
  topic,
  place,
  locked,
}: {
  t: T;
  topic: TopicHit;
  place: Place;
  locked: boolean;
}) {
  const label =
    place.kind === 'notes'
      ? t('search.notesPage', { page: place.page })
      : t('search.videoAt', { time: clock(place.seconds) });
  return (
    <li>
      <a href={placeLink(topic, place, locked)} className="search-place">
        <span className="search-place-label">
          {place.kind === 'notes' ? <NotesIcon /> : <VideoIcon />}
          {label}
        </span>
        <span className="search-snippet">
          <Highlighted text={place.snippet} ranges={place.ranges} />
        </span>
      </a>
    </li>
  );
}

function TopicItem({ t, topic, locked }: { t: T; topic: TopicHit; locked: boolean }) {
  return (
    <li className="search-topic">
      <a href={placeLink(topic, undefined, locked)} className="search-topic-name">
        {locked && <LockIcon className="search-lock" />}
        <span>{topic.name}</span>
        {locked && <span className="sr-only"> {t('search.locked')}</span>}
      </a>
      <p className="search-path">{topic.path.join(' · ')}</p>
      {topic.places.length > 0 && (
        <ul className="search-places">
          {topic.places.map((place, i) => (
            <PlaceItem key={i} t={t} topic={topic} place={place} locked={locked} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The results: catalogue hits first (few, and short), then the topics. `owned`: the subjects the
 * learner owns (a topic that is not free is locked unless its subject is among them). Memoized:
 * the page renders again when its URL follows the field, and the same results need no new DOM.
 */
export const SearchResultsList = memo(function SearchResultsList({
  results,
  owned,
}: {
  results: Results;
  owned: ReadonlySet<string>;
}) {
  const t = useT();
  // Plain anchors, one click handler (a keystroke renders dozens of these links).
  const onClick = useLinkClicks();
  return (
    <div className="search-results" onClick={onClick}>
      {results.catalogue.length > 0 && (
        <section aria-labelledby="search-catalogue">
          <h2 id="search-catalogue" className="search-group-title">
            {t('search.courses')}
          </h2>
          <ul className="search-catalogue">
            {results.catalogue.map((hit) => (
              <li key={`${hit.kind}:${hit.id}`}>
                <a href={catalogueLink(hit)}>
                  <span className="search-kind">{t(KIND_LABELS[hit.kind])}</span>
                  {hit.name}
                </a>
                {hit.path.length > 0 && <p className="search-path">{hit.path.join(' · ')}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {results.topics.length > 0 && (
        <section aria-labelledby="search-topics">
          <h2 id="search-topics" className="search-group-title">
            {t('search.lessons', { count: results.topics.length })}
          </h2>
          <ul className="search-topics">
            {results.topics.map((topic) => (
              <TopicItem
                key={topic.topic_id}
                t={t}
                topic={topic}
                locked={!topic.free && !owned.has(topic.subject_id)}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
});
