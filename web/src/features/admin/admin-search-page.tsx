/*
 * `/AdminSearch` (issue 34): the learners' search, in the back office, over every class of the
 * catalogue. Each hit opens the admin screen where that record is managed: a topic the Topics
 * screen filtered to its chapter, a notes page or a moment of a video the topic's sources (where
 * the notes pages and captions are read), a chapter the Chapters screen of its subject, and so on.
 * Topics are never locked here: an admin manages them all.
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { searchIndexes } from '@gia/shared/search.ts';
import type { CatalogueHit, Place, TopicHit } from '@gia/shared/search-types.ts';
import { clock } from '../../lib/video-time.ts';
import { useClassIndexes, type OpenIndex } from '../../lib/search-index.ts';
import { AdminHeader } from './admin-header.tsx';
import { useCatalogueList } from './api/catalogue.ts';
// Its styles travel with the admin chunk, not the learner site's stylesheet.
import '../../styles/admin/search.css';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/** The admin screen of a catalogue hit, filtered to it. */
export function adminLinkOf(hit: CatalogueHit): string {
  switch (hit.kind) {
    case 'board':
      return `/Board${q({ board: hit.id })}`;
    case 'class':
      return `/Class${q({ board: hit.board_id, name: hit.name })}`;
    case 'subject':
      return `/Subject${q({ name: hit.name })}`;
    case 'chapter':
      return hit.subject_id ? `/Chapters${q({ subject: hit.subject_id })}` : '/Chapters';
  }
}

/** The admin screen of a topic (its chapter's topics), or of one of its places (its sources). */
export function adminTopicLink(topic: TopicHit, place?: Place): string {
  return place
    ? `/TopicSources${q({ topic: topic.topic_id })}`
    : `/Topics${q({ chapter: topic.chapter_id })}`;
}

const placeLabel = (p: Place) =>
  p.kind === 'notes' ? `Notes p. ${p.page}` : `Video ${clock(p.seconds)}`;

export function AdminSearchPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  const classes = useCatalogueList('class');
  const classIds = useMemo(
    () => [...new Set((classes.data ?? []).map((c) => String(c.class_id)))].sort(),
    [classes.data],
  );
  const states = useClassIndexes(classIds);
  const indexes: OpenIndex[] = states.flatMap((s) => (s.index ? [s.index] : []));
  const key = indexes.map((i) => `${i.classId}@${i.builtAt}`).join(' ');
  const results = useMemo(
    () =>
      query.trim() && indexes.length
        ? searchIndexes(indexes, query, { language: 'en', limit: 50 })
        : { catalogue: [], topics: [] },
    // The indexes are known by their classes and build times.
    [key, query],
  );
  const notReady = states.filter((s) => s.notReady).length;
  const loading = classes.isPending || states.some((s) => s.pending);

  return (
    <>
      <AdminHeader />
      <main className="admin-main admin-search">
        <h1>Search</h1>
        <form
          role="search"
          className="admin-search-form"
          onSubmit={(e) => {
            e.preventDefault();
            setParams(text.trim() ? { q: text.trim() } : {});
          }}
        >
          <label htmlFor="admin-search-q">Search the catalogue, notes and captions</label>
          <input
            id="admin-search-q"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </form>
        <p className="muted" role="status">
          {loading
            ? 'Loading the search indexes…'
            : `${indexes.length} of ${classIds.length} classes searchable` +
              (notReady ? ` (${notReady} not indexed yet).` : '.')}
        </p>
        {query.trim() && !loading && results.catalogue.length + results.topics.length === 0 && (
          <p>Nothing found for “{query.trim()}”.</p>
        )}
        {results.catalogue.length > 0 && (
          <ul className="admin-search-list" aria-label="Catalogue">
            {results.catalogue.map((hit) => (
              <li key={`${hit.kind}:${hit.id}`}>
                <Link to={adminLinkOf(hit)}>
                  {hit.kind}: {hit.name}
                </Link>
                <span className="muted"> {hit.path.join(' · ')}</span>
              </li>
            ))}
          </ul>
        )}
        {results.topics.length > 0 && (
          <ul className="admin-search-list" aria-label="Topics">
            {results.topics.map((topic) => (
              <li key={`${topic.class_id}/${topic.topic_id}`}>
                <Link to={adminTopicLink(topic)}>{topic.name}</Link>
                <span className="muted"> {topic.path.join(' · ')}</span>
                {topic.places.length > 0 && (
                  <ul>
                    {topic.places.map((p, i) => (
                      <li key={i}>
                        <Link to={adminTopicLink(topic, p)}>{placeLabel(p)}</Link> {p.snippet}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
