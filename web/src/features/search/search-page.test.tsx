import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type NavigateFunction,
} from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_INDEX_VERSION, type SearchIndexFile } from '@gia/shared/search-types.ts';
import { chooseLanguage, useLanguage } from '../../lib/i18n.ts';
import { readKeptSearchFiles } from '../../lib/saved-packs.ts';
import type * as SavedPacks from '../../lib/saved-packs.ts';
import { signInForTest } from '../../test/session.ts';
import { forgetOpenedIndexes, pointerUrl } from '../../lib/search-index.ts';
import { FROM_FIELD, SearchPage } from './search-page.tsx';

vi.mock('../../lib/saved-packs.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SavedPacks>()),
  readKeptSearchFiles: vi.fn(async () => []),
}));

/** Class 10: Science's photosynthesis (free) and Mathematics' Euclid (paid). */
const CLASS_10: SearchIndexFile = {
  v: SEARCH_INDEX_VERSION,
  class_id: 'c10',
  built_at: '2026-11-28T20:00:00.000Z',
  nodes: [
    { k: 'board', id: 'sslc', n: { en: 'SSLC' } },
    { k: 'class', id: 'c10', p: 0, n: { en: 'Class 10', kn: 'ಹತ್ತನೇ ತರಗತಿ' } },
    { k: 'subject', id: 'sci', p: 1, n: { en: 'Science', kn: 'ವಿಜ್ಞಾನ' } },
    { k: 'sub_subject', id: 'bio', p: 2, n: { en: 'Biology' } },
    { k: 'chapter', id: 'life', p: 3, n: { en: 'Life Processes', kn: 'ಜೀವ ಕ್ರಿಯೆಗಳು' } },
    {
      k: 'topic',
      id: 'photo',
      p: 4,
      free: true,
      n: { en: 'Photosynthesis', kn: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ' },
    },
    { k: 'subject', id: 'maths', p: 1, n: { en: 'Mathematics' } },
    { k: 'sub_subject', id: 'alg', p: 6, n: { en: 'Algebra' } },
    { k: 'chapter', id: 'real', p: 7, n: { en: 'Real Numbers' } },
    { k: 'topic', id: 'euclid', p: 8, n: { en: 'Euclid’s Division Lemma' } },
  ],
  places: [
    { t: 5, k: 'video', at: 134, s: 'Stomata open in the morning to let carbon dioxide in.' },
    { t: 5, k: 'notes', at: 2, s: 'Chlorophyll in the leaves traps sunlight.' },
    { t: 9, k: 'video', at: 75, s: 'Every positive integer a can be written as b q plus r.' },
  ],
};
const FILE_KEY = 'public/search/c10/abc123.json';
const POINTER = {
  v: 1,
  class_id: 'c10',
  file: FILE_KEY,
  bytes: 900,
  gzip_bytes: 400,
  built_at: CLASS_10.built_at,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let requests: string[] = [];
beforeEach(() => {
  requests = [];
  forgetOpenedIndexes();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost/').pathname;
      requests.push(url);
      if (url === pointerUrl('c10')) return json(200, POINTER);
      if (url === `/media/${FILE_KEY}`) return json(200, CLASS_10);
      if (url.startsWith('/media/public/search/')) return new Response('', { status: 403 });
      return json(200, { data: [], next_token: null });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
  await chooseLanguage('en', false);
  useLanguage.setState({ chosen: false });
});

/** The router's navigate, for a test to move as a link or the back button would. */
let navigate: NavigateFunction;

function Where() {
  const { search } = useLocation();
  navigate = useNavigate();
  return <output data-testid="where">{search}</output>;
}

function show(url: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: 0 } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/search"
            element={
              <>
                <SearchPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the search page', () => {
  it('searches as the learner types, and links a caption to its second', async () => {
    show('/search?class=c10');
    expect(await screen.findByText(/Type a word/)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'stomata' } });
    const place = await screen.findByRole('link', { name: /^Video 02:14/ });
    expect(place.getAttribute('href')).toBe('/GetTopic?chapter=life&topic=photo&t=134');
    expect(place.querySelector('mark')?.textContent).toBe('Stomata');
    // The URL follows the field a moment later (shareable), and the index was downloaded once.
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('?class=c10&q=stomata'),
    );
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'chlorophyll' } });
    expect((await screen.findByRole('link', { name: /^Notes p\. 2/ })).getAttribute('href')).toBe(
      '/Notes?topic=photo&page=2',
    );
    expect(requests.filter((r) => r === `/media/${FILE_KEY}`)).toHaveLength(1);
  });

  it('keeps what the learner typed when an older keystroke’s URL lands late, and takes a query from a link or back', async () => {
    show('/search?class=c10');
    const field = screen.getByRole<HTMLInputElement>('searchbox');
    fireEvent.change(field, { target: { value: 'sto' } });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?class=c10&q=sto'));
    fireEvent.change(field, { target: { value: 'chlorophyll' } });
    // The router brings the field's own URLs in a transition: one can land after the next key.
    act(() => navigate('/search?class=c10&q=stom', { replace: true, state: FROM_FIELD }));
    expect(field.value).toBe('chlorophyll');
    expect(await screen.findByRole('link', { name: /^Notes p\. 2/ })).toBeTruthy();
    // A link to a search, and the back button, bring their query into the field.
    act(() => navigate('/search?class=c10&q=stomata'));
    expect(field.value).toBe('stomata');
    expect(await screen.findByRole('link', { name: /^Video 02:14/ })).toBeTruthy();
    act(() => navigate(-1));
    expect(field.value).toBe('stom');
  });

  it('locks a paid topic the learner does not own, and narrows to a subject', async () => {
    show('/search?class=c10&q=lemma%20photosynthesis');
    const euclid = await screen.findByRole('link', { name: /Euclid’s Division Lemma/ });
    expect(euclid.getAttribute('href')).toBe('/subjects/maths');
    expect(euclid.textContent).toContain('Locked');
    const subjects = screen.getByRole('list', { name: 'Subjects' });
    fireEvent.click(within(subjects).getByRole('button', { name: 'Science' }));
    expect(screen.getByTestId('where').textContent).toContain('subject=sci');
    expect(screen.queryByRole('link', { name: /Euclid/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Photosynthesis' })).toBeTruthy();
  });

  it('finds a Kannada name in the Kannada interface', async () => {
    await chooseLanguage('kn', false);
    show('/search?class=c10&q=ದ್ಯುತಿ');
    const topic = await screen.findByRole('link', { name: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ' });
    expect(topic.getAttribute('href')).toBe('/GetTopic?chapter=life&topic=photo');
    expect(screen.getByText('ಹತ್ತನೇ ತರಗತಿ · ವಿಜ್ಞಾನ · ಜೀವ ಕ್ರಿಯೆಗಳು')).toBeTruthy();
  });

  it('says so when a class has no index yet', async () => {
    show('/search?class=c11&q=light');
    expect(await screen.findByText(/Search is not ready for one class yet/)).toBeTruthy();
  });

  it('asks for a class when there is none to search', async () => {
    show('/search?q=light');
    expect(await screen.findByText('Choose a class to search in.')).toBeTruthy();
  });

  it('offline, searches the indexes the saved chapters kept', async () => {
    signInForTest({ role: 'learner', user: { name: 'Asha Rao', email: 'a@x.in', empid: 'u1' } });
    vi.mocked(readKeptSearchFiles).mockResolvedValue([
      { pointer: POINTER as never, read: async () => CLASS_10 },
    ]);
    act(() => onlineManager.setOnline(false));
    show('/search?q=stomata');
    expect(
      await screen.findByText('You are offline: searching your saved chapters only.'),
    ).toBeTruthy();
    expect((await screen.findByRole('link', { name: /^Video 02:14/ })).getAttribute('href')).toBe(
      '/GetTopic?chapter=life&topic=photo&t=134',
    );
    expect(readKeptSearchFiles).toHaveBeenCalledWith('u1');
    expect(requests.filter((r) => r.startsWith('/media/'))).toEqual([]);
  });
});
