import { describe, expect, it } from 'vitest';
import { openSearchIndex, searchIndexes, snippetOf, type SearchIndexFile } from './search.ts';
import { SEARCH_INDEX_VERSION } from './search-types.ts';

/*
 * A small class by hand: a board, Class 10, Science (photosynthesis, free; light, paid) and
 * Mathematics (real numbers), with notes pages and caption windows in English, Kannada and Hindi.
 */
const CLASS_10: SearchIndexFile = {
  v: SEARCH_INDEX_VERSION,
  class_id: 'c10',
  built_at: '2026-11-28T20:00:00.000Z',
  nodes: [
    /* 0 */ { k: 'board', id: 'sslc', n: { en: 'SSLC', kn: 'ಎಸ್ಎಸ್ಎಲ್ಸಿ' } },
    /* 1 */ { k: 'class', id: 'c10', p: 0, n: { en: 'Class 10', kn: 'ಹತ್ತನೇ ತರಗತಿ', hi: 'कक्षा 10' } },
    /* 2 */ { k: 'subject', id: 'sci', p: 1, n: { en: 'Science', kn: 'ವಿಜ್ಞಾನ', hi: 'विज्ञान' } },
    /* 3 */ { k: 'sub_subject', id: 'bio', p: 2, n: { en: 'Biology' } },
    /* 4 */ { k: 'chapter', id: 'life', p: 3, n: { en: 'Life Processes', kn: 'ಜೀವ ಕ್ರಿಯೆಗಳು' } },
    /* 5 */ {
      k: 'topic',
      id: 'photo',
      p: 4,
      free: true,
      n: { en: 'Photosynthesis', kn: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ', hi: 'प्रकाश संश्लेषण' },
    },
    /* 6 */ { k: 'sub_subject', id: 'phy', p: 2, n: { en: 'Physics' } },
    /* 7 */ { k: 'chapter', id: 'optics', p: 6, n: { en: 'Light', hi: 'प्रकाश' } },
    /* 8 */ { k: 'topic', id: 'mirrors', p: 7, n: { en: 'Spherical Mirrors', hi: 'गोलीय दर्पण' } },
    /* 9 */ { k: 'subject', id: 'maths', p: 1, n: { en: 'Mathematics', kn: 'ಗಣಿತ' } },
    /* 10 */ { k: 'sub_subject', id: 'alg', p: 9, n: { en: 'Algebra' } },
    /* 11 */ { k: 'chapter', id: 'real', p: 10, n: { en: 'Real Numbers' } },
    /* 12 */ { k: 'topic', id: 'euclid', p: 11, n: { en: 'Euclid’s Division Lemma' } },
  ],
  places: [
    {
      t: 5,
      k: 'notes',
      at: 1,
      s: 'Green plants make their own food. Chlorophyll in the leaves traps sunlight, and the plant turns carbon dioxide and water into glucose and oxygen.',
    },
    {
      t: 5,
      k: 'notes',
      at: 2,
      s: 'ಎಲೆಗಳಲ್ಲಿನ ಪತ್ರಹರಿತ್ತು ಸೂರ್ಯನ ಬೆಳಕನ್ನು ಹಿಡಿಯುತ್ತದೆ.',
    },
    { t: 5, k: 'video', at: 134, s: 'Stomata open in the morning to let carbon dioxide in.' },
    {
      t: 8,
      k: 'notes',
      at: 3,
      s: 'A concave mirror converges light … the focal length is half the radius',
      w: 'curvature principal axis',
    },
    { t: 8, k: 'video', at: 40, s: 'प्रकाश का परावर्तन दर्पण से होता है' },
    { t: 12, k: 'video', at: 75, s: 'Every positive integer a can be written as b q plus r.' },
  ],
};

const index = openSearchIndex(CLASS_10);
const search = (query: string, options: Parameters<typeof searchIndexes>[2] = { language: 'en' }) =>
  searchIndexes([index], query, options);
const topicIds = (query: string, language: 'en' | 'kn' | 'hi' = 'en') =>
  search(query, { language }).topics.map((t) => t.topic_id);

describe('searchIndexes', () => {
  it('forgives a typo in a long word ("photosynthesys")', () => {
    expect(topicIds('photosynthesys')[0]).toBe('photo');
  });

  it('finds a word by its beginning ("photo")', () => {
    const [first] = search('photo').topics;
    expect(first?.topic_id).toBe('photo');
    expect(first?.name_matched).toBe(true);
  });

  it('finds a topic by its Kannada name, shown in Kannada with its Kannada path', () => {
    const [first] = search('ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ', { language: 'kn' }).topics;
    expect(first?.topic_id).toBe('photo');
    expect(first?.name).toBe('ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ');
    expect(first?.path).toEqual(['ಹತ್ತನೇ ತರಗತಿ', 'ವಿಜ್ಞಾನ', 'ಜೀವ ಕ್ರಿಯೆಗಳು']);
  });

  it('finds Hindi words in names and captions ("प्रकाश"), with the chapter as a catalogue hit', () => {
    const results = search('प्रकाश', { language: 'hi' });
    expect(results.topics.map((t) => t.topic_id).sort()).toEqual(['mirrors', 'photo']);
    const mirrors = results.topics.find((t) => t.topic_id === 'mirrors');
    expect(mirrors?.places).toContainEqual(expect.objectContaining({ kind: 'video', seconds: 40 }));
    expect(results.catalogue).toContainEqual(
      expect.objectContaining({ kind: 'chapter', id: 'optics', name: 'प्रकाश' }),
    );
  });

  it('groups a topic’s matching places under it, with the page or the second', () => {
    const results = search('carbon dioxide');
    expect(results.topics).toHaveLength(1);
    const [photo] = results.topics;
    expect(photo?.name_matched).toBe(false);
    expect(photo?.free).toBe(true);
    expect(
      photo?.places.map((p) => (p.kind === 'notes' ? `p${p.page}` : `t${p.seconds}`)).sort(),
    ).toEqual(['p1', 't134']);
    expect(photo).toMatchObject({
      chapter_id: 'life',
      sub_subject_id: 'bio',
      subject_id: 'sci',
      class_id: 'c10',
      board_id: 'sslc',
      path: ['Class 10', 'Science', 'Life Processes'],
    });
  });

  it('gives the ranges of the matched words in the snippet', () => {
    const place = search('stomata').topics[0]?.places[0];
    expect(place?.kind).toBe('video');
    const marked = place!.ranges.map(([a, b]) => place!.snippet.slice(a, b));
    expect(marked).toEqual(['Stomata']);
  });

  it('finds a paid place by a keyword it holds but does not show', () => {
    const [mirrors] = search('curvature').topics;
    expect(mirrors?.topic_id).toBe('mirrors');
    expect(mirrors?.free).toBe(false);
    expect(mirrors?.places[0]).toMatchObject({ kind: 'notes', page: 3, ranges: [] });
    expect(mirrors?.places[0]?.snippet).not.toContain('curvature');
  });

  it('ranks the learner’s language first', () => {
    const pages = search('ಸೂರ್ಯನ ಬೆಳಕನ್ನು', { language: 'kn' }).topics[0]?.places;
    expect(pages?.[0]).toMatchObject({ kind: 'notes', page: 2 });
    // A query matching an English and a Hindi name alike: the asked language's record comes first.
    const two: SearchIndexFile = {
      ...CLASS_10,
      nodes: [
        ...CLASS_10.nodes,
        { k: 'topic', id: 'en-only', p: 11, n: { en: 'Darpan basics' } },
        { k: 'topic', id: 'hi-too', p: 11, n: { en: 'Mirror words', hi: 'darpan शब्द' } },
      ],
    };
    const both = openSearchIndex(two);
    const order = (language: 'en' | 'hi') =>
      searchIndexes([both], 'darpan', { language }).topics.map((t) => t.topic_id);
    expect(order('hi')[0]).toBe('hi-too');
    expect(order('en')[0]).toBe('en-only');
  });

  it('keeps only the asked subject’s topics and catalogue records', () => {
    expect(topicIds('light')).toEqual(['mirrors']);
    const maths = search('light', { language: 'en', subjectId: 'maths' });
    expect(maths).toEqual({ catalogue: [], topics: [] });
    const science = search('science', { language: 'en', subjectId: 'sci' });
    expect(science.catalogue.map((c) => c.id)).toEqual(['sci']);
    expect(search('class', { language: 'en', subjectId: 'sci' }).catalogue).toEqual([]);
  });

  it('finds catalogue names with their ancestors as path and the ids their pages need', () => {
    expect(search('real numbers').catalogue[0]).toEqual({
      kind: 'chapter',
      id: 'real',
      name: 'Real Numbers',
      path: ['SSLC', 'Class 10', 'Mathematics', 'Algebra'],
      board_id: 'sslc',
      class_id: 'c10',
      subject_id: 'maths',
      sub_subject_id: 'alg',
    });
  });

  it('searches several classes at once and respects the limit', () => {
    const other = openSearchIndex({
      ...CLASS_10,
      class_id: 'c9',
      nodes: CLASS_10.nodes.map((n) => (n.k === 'class' ? { ...n, id: 'c9' } : n)),
    });
    const both = searchIndexes([index, other], 'photosynthesis', { language: 'en' });
    expect(both.topics.map((t) => t.class_id).sort()).toEqual(['c10', 'c9']);
    expect(
      searchIndexes([index, other], 'photosynthesis', { language: 'en', limit: 1 }).topics,
    ).toHaveLength(1);
  });

  it('answers nothing for a query without words, and refuses a file of another version', () => {
    expect(search(' … ?')).toEqual({ catalogue: [], topics: [] });
    expect(() => openSearchIndex({ ...CLASS_10, v: 2 as never })).toThrow(/version/);
  });
});

describe('snippetOf', () => {
  it('cuts a long page around its first match and marks every match', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    words[40] = 'Lemma';
    const { snippet, ranges } = snippetOf(words.join(' '), new Set(['lemma']));
    expect(snippet.startsWith('… w32 ')).toBe(true);
    expect(snippet.endsWith(' …')).toBe(true);
    expect(ranges.map(([a, b]) => snippet.slice(a, b))).toEqual(['Lemma']);
  });

  it('marks a Kannada word whole, with its vowel signs', () => {
    const text = 'ಎಲೆಗಳಲ್ಲಿನ ಪತ್ರಹರಿತ್ತು ಬೆಳಕು';
    const { ranges } = snippetOf(text, new Set(['ಪತ್ರಹರಿತ್ತು']));
    expect(ranges.map(([a, b]) => text.slice(a, b))).toEqual(['ಪತ್ರಹರಿತ್ತು']);
  });
});
