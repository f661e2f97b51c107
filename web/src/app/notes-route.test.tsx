import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotesDocument } from '../features/notes/pdf.ts';
import { NotesPage } from './notes-route.tsx';

/* pdf.js is mocked at its edge: every PDF opened has two pages. */
const opened: string[] = [];
vi.mock('../features/notes/pdf.ts', () => ({
  isCancelled: () => false,
  loadPdfJs: () => Promise.resolve({}),
  openNotes: (url: string) => {
    opened.push(url);
    const doc: NotesDocument = {
      pageCount: 2,
      size: () => Promise.resolve(2048),
      close: () => undefined,
      page: () =>
        Promise.resolve({
          width: 595,
          height: 842,
          render: () => ({ done: Promise.resolve(), cancel: () => undefined }),
        }),
    };
    return { done: Promise.resolve(doc), cancel: () => undefined };
  },
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The lesson read of topic t1, open to the learner or locked. */
function lesson(locked: boolean) {
  return {
    topic: {
      topic_id: 't1',
      topic_name: 'Linear Equations',
      chapter_id: 'ch1',
      subject_id: 's1',
      sub_subject_id: 'ss1',
      class_id: 'c1',
      board_id: 'b1',
      notes_url: locked ? null : '/media/private/notes/t1.pdf?sig=x',
      video_url: null,
      status: 'Active',
      free_to_watch: '2',
      serial_no: 1,
      locked,
    },
    chapter: { chapter_id: 'ch1', chapter_name: 'Equations', topics: [] },
    access: { status: locked ? 'locked' : 'owned', signed_in: true },
    video: {
      status: 'none',
      hls_url: null,
      poster_url: null,
      mp4_url: null,
      duration_seconds: null,
      renditions: [],
      captions: [],
    },
  };
}

function serve(locked: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      String(path).includes('/getLesson?topic_id=t1')
        ? json(200, { message: 'Lesson', data: lesson(locked) })
        : json(404, { message: 'Not found.', code: 'NOT_FOUND' }),
    ),
  );
}

const renderAt = (url: string) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/Notes" element={<NotesPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => {
  opened.length = 0;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(328);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.title = '';
});

describe('the notes route', () => {
  it("opens the topic's signed notes from the lesson read, titled, with a way back to the lesson", async () => {
    serve(false);
    renderAt('/Notes?topic=t1&page=2');
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(opened).toEqual(['/media/private/notes/t1.pdf?sig=x']);
    expect(document.title).toBe('Notes: Linear Equations · GIA School');
    expect(screen.getByRole('link', { name: 'Back to the lesson' }).getAttribute('href')).toBe(
      '/GetTopic?chapter=ch1&topic=t1',
    );
  });

  it('tells a learner who has not bought the course so, and opens no PDF', async () => {
    serve(true);
    renderAt('/Notes?topic=t1');
    expect((await screen.findByRole('alert')).textContent).toBe("You haven't bought the course !!");
    expect(screen.getByRole('link', { name: 'See the course' }).getAttribute('href')).toBe(
      '/subjects/s1',
    );
    expect(opened).toEqual([]);
  });

  it('asks for a lesson when the link names none', () => {
    serve(false);
    renderAt('/Notes');
    expect(screen.getByText('Choose a lesson to read its notes.')).toBeTruthy();
  });
});
