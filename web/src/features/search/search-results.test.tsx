import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SearchResults, TopicHit } from '@gia/shared/search-types.ts';
import { Highlighted, SearchResultsList } from './search-results.tsx';

const topic = (over: Partial<TopicHit>): TopicHit => ({
  topic_id: 'T1',
  chapter_id: 'CH1',
  sub_subject_id: 'SS1',
  subject_id: 'S1',
  class_id: 'C10',
  board_id: 'B1',
  name: 'Euclid’s Division Lemma',
  path: ['Class 10', 'Mathematics', 'Real Numbers'],
  free: false,
  name_matched: false,
  places: [],
  ...over,
});

const RESULTS: SearchResults = {
  catalogue: [
    {
      kind: 'chapter',
      id: 'CH1',
      name: 'Real Numbers',
      path: ['SSLC', 'Class 10', 'Mathematics'],
      board_id: 'B1',
      class_id: 'C10',
      subject_id: 'S1',
      sub_subject_id: 'SS1',
    },
    { kind: 'board', id: 'B1', name: 'SSLC', path: [], board_id: 'B1' },
  ],
  topics: [
    topic({
      places: [
        { kind: 'notes', page: 3, snippet: 'Euclid’s lemma says a = bq + r', ranges: [[9, 14]] },
        { kind: 'video', seconds: 134, snippet: 'so the lemma gives us', ranges: [[7, 12]] },
      ],
    }),
    topic({
      topic_id: 'T2',
      subject_id: 'S2',
      name: 'Photosynthesis',
      path: ['Class 10', 'Science', 'Life Processes'],
      free: false,
      places: [{ kind: 'video', seconds: 75, snippet: 'light makes sugar', ranges: [[0, 5]] }],
    }),
    topic({
      topic_id: 'T3',
      subject_id: 'S2',
      name: 'Respiration',
      path: ['Class 10', 'Science', 'Life Processes'],
      free: true,
      name_matched: true,
    }),
  ],
};

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function show(owned: string[] = ['S1']) {
  return render(
    <MemoryRouter initialEntries={['/search?q=lemma']}>
      <SearchResultsList results={RESULTS} owned={new Set(owned)} />
      <Where />
    </MemoryRouter>,
  );
}

describe('the search results', () => {
  it('groups the places under their topic, with its path, in the order found', () => {
    show();
    const topics = screen.getAllByRole('listitem').filter((li) => li.className === 'search-topic');
    expect(topics.map((li) => li.querySelector('.search-topic-name > span')?.textContent)).toEqual([
      'Euclid’s Division Lemma',
      'Photosynthesis',
      'Respiration',
    ]);
    const first = within(topics[0]!);
    expect(first.getByText('Class 10 · Mathematics · Real Numbers')).toBeTruthy();
    expect(first.getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Euclid’s Division Lemma',
      'Notes p. 3Euclid’s lemma says a = bq + r',
      'Video 02:14so the lemma gives us',
    ]);
    // A topic found by its name alone has no places under it.
    expect(within(topics[2]!).getAllByRole('link')).toHaveLength(1);
  });

  it('links each place to the notes page or the second of the video', () => {
    show();
    expect(screen.getByRole('link', { name: /^Notes p\. 3/ }).getAttribute('href')).toBe(
      '/Notes?topic=T1&page=3',
    );
    expect(screen.getByRole('link', { name: /^Video 02:14/ }).getAttribute('href')).toBe(
      '/GetTopic?chapter=CH1&topic=T1&t=134',
    );
    expect(screen.getByRole('link', { name: 'Euclid’s Division Lemma' }).getAttribute('href')).toBe(
      '/GetTopic?chapter=CH1&topic=T1',
    );
    // A tap opens it within the app (the browser does not load the page anew).
    const label = screen
      .getByRole('link', { name: /^Video 02:14/ })
      .querySelector('.search-place-label');
    expect(fireEvent.click(label!)).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/GetTopic?chapter=CH1&topic=T1&t=134');
  });

  it('marks the matched words of each snippet', () => {
    show();
    const marks = [...document.querySelectorAll('.search-snippet mark')].map((m) => m.textContent);
    expect(marks).toEqual(['lemma', 'lemma', 'light']);
  });

  it('locks a paid topic the learner does not own, and leads it to its subject page', () => {
    show(['S1']);
    const locked = screen.getByRole('link', { name: /Photosynthesis/ });
    expect(locked.textContent).toContain('Locked: buy the course to open it.');
    expect(locked.getAttribute('href')).toBe('/subjects/S2');
    expect(screen.getByRole('link', { name: /^Video 01:15/ }).getAttribute('href')).toBe(
      '/subjects/S2',
    );
    // Owned, or free: no lock.
    expect(screen.getByRole('link', { name: 'Euclid’s Division Lemma' }).textContent).not.toContain(
      'Locked',
    );
    expect(screen.getByRole('link', { name: 'Respiration' }).getAttribute('href')).toBe(
      '/GetTopic?chapter=CH1&topic=T3',
    );
  });

  it('opens a catalogue hit at its own page', () => {
    show();
    expect(screen.getByRole('link', { name: 'ChapterReal Numbers' }).getAttribute('href')).toBe(
      '/GetTopic?chapter=CH1',
    );
    expect(screen.getByRole('link', { name: 'BoardSSLC' }).getAttribute('href')).toBe(
      '/GetClasses?board=B1',
    );
  });
});

describe('a highlighted snippet', () => {
  it('merges overlapping and unordered ranges and keeps every character', () => {
    const { container } = render(
      <p>
        <Highlighted
          text="ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ ಎಂದರೆ"
          ranges={[
            [7, 15],
            [0, 9],
            [16, 21],
            [30, 40],
          ]}
        />
      </p>,
    );
    expect(container.textContent).toBe('ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ ಎಂದರೆ');
    // The first two overlap: one mark. The last is past the end: dropped.
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ',
      'ಎಂದರೆ',
    ]);
  });
});
