import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_INDEX_VERSION, type SearchIndexFile } from '@gia/shared/search-types.ts';
import { forgetOpenedIndexes } from '../../lib/search-index.ts';
import { AdminSearchPage } from './admin-search-page.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const FILE: SearchIndexFile = {
  v: SEARCH_INDEX_VERSION,
  class_id: 'c10',
  built_at: '2026-11-28T20:00:00.000Z',
  nodes: [
    { k: 'board', id: 'sslc', n: { en: 'SSLC' } },
    { k: 'class', id: 'c10', p: 0, n: { en: 'Class 10' } },
    { k: 'subject', id: 'maths', p: 1, n: { en: 'Mathematics' } },
    { k: 'sub_subject', id: 'alg', p: 2, n: { en: 'Algebra' } },
    { k: 'chapter', id: 'real', p: 3, n: { en: 'Real Numbers' } },
    { k: 'topic', id: 'euclid', p: 4, n: { en: 'Euclid’s Division Lemma' } },
  ],
  places: [{ t: 5, k: 'notes', at: 3, s: 'The lemma: a = bq + r with 0 ≤ r < b.' }],
};

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOpenedIndexes();
});

describe('the back office search', () => {
  it('searches every class of the catalogue and opens each hit’s admin screen', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost/').pathname;
        asked.push(url);
        if (url === '/media/public/search/c10/latest.json')
          return json({ v: 1, class_id: 'c10', file: 'public/search/c10/f1.json' });
        if (url === '/media/public/search/c10/f1.json') return json(FILE);
        if (url.startsWith('/media/')) return new Response('', { status: 404 });
        return json({
          message: 'ok',
          data: [{ class_id: 'c10' }, { class_id: 'c11' }],
          next_cursor: null,
        });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: 0 } } })}>
        <MemoryRouter>
          <AdminSearchPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('1 of 2 classes searchable (1 not indexed yet).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search the catalogue, notes and captions'), {
      target: { value: 'lemma' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const topics = await screen.findByRole('list', { name: 'Topics' });
    expect(
      within(topics).getByRole('link', { name: 'Euclid’s Division Lemma' }).getAttribute('href'),
    ).toBe('/Topics?chapter=real');
    expect(within(topics).getByRole('link', { name: 'Notes p. 3' }).getAttribute('href')).toBe(
      '/TopicSources?topic=euclid',
    );
    fireEvent.change(screen.getByLabelText('Search the catalogue, notes and captions'), {
      target: { value: 'real numbers' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const catalogue = await screen.findByRole('list', { name: 'Catalogue' });
    expect(
      within(catalogue).getByRole('link', { name: 'chapter: Real Numbers' }).getAttribute('href'),
    ).toBe('/Chapters?subject=maths');
    expect(asked).toContain('/media/public/search/c11/latest.json');
  });
});
