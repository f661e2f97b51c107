import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followTrail, trailOf, useSession, type Selections } from '../../lib/session.ts';
import { useToasts } from '../../components/toast.tsx';
import {
  ChooseBoardPage,
  ChooseChapterPage,
  ChooseClassPage,
  ChooseSubjectPage,
  ChooseSubSubjectPage,
} from './browse-pages.tsx';

/** A busy machine renders slowly: wait up to 5 s for what must appear. */
const WAIT = { timeout: 5000 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const subject = (id: string, name: string, extra: object = {}) => ({
  subject_id: id,
  subject_name: name,
  class_id: 'c10',
  class_name: 'Class 10',
  board_id: 'cbse',
  board_name: 'CBSE',
  subject_price: 499,
  subject_image_url: '',
  free_course: false,
  subject_created_date: '2026-01-01',
  ...extra,
});

/** The catalogue server of these tests: `routes` maps a path's end to its answer. */
function serve(routes: Record<string, (url: URL) => Response>) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    for (const [end, answer] of Object.entries(routes)) {
      if (url.pathname.endsWith(end)) return answer(url);
    }
    return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

const renderAt = (url: string) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/GetBoard" element={<ChooseBoardPage />} />
          <Route path="/GetClasses" element={<ChooseClassPage />} />
          <Route path="/GetSubject" element={<ChooseSubjectPage subjectActions={() => null} />} />
          <Route path="/GetSubSubject" element={<ChooseSubSubjectPage />} />
          <Route path="/GetChapters" element={<ChooseChapterPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ selections: {} });
  useToasts.setState({ toasts: [] });
});

describe('the selections a deep link sets', () => {
  it("reads a record's ancestors' ids and names down to a level", () => {
    const s = subject('maths', 'Mathematics');
    expect(trailOf(s, 'class')).toEqual({
      board: { id: 'cbse', name: 'CBSE' },
      class: { id: 'c10', name: 'Class 10' },
    });
    expect(trailOf(s, 'subject').subject).toEqual({ id: 'maths', name: 'Mathematics' });
    // A chapter directly under its subject has no sub-subject; a gone ancestor has no name.
    expect(
      trailOf(
        { chapter_id: 'ch', sub_subject_id: '', subject_id: 'm', subject_name: null },
        'chapter',
      ),
    ).toEqual({ subject: { id: 'm', name: '' }, chapter: { id: 'ch', name: '' } });
  });

  it('replaces the trail down to the level and keeps the levels below only for the same record', () => {
    const current: Selections = {
      board: { id: 'cbse', name: 'CBSE' },
      class: { id: 'c10', name: 'Class 10' },
      subject: { id: 'maths', name: 'Mathematics' },
    };
    const same = { board: { id: 'cbse', name: 'CBSE' }, class: { id: 'c10', name: 'Class 10' } };
    expect(followTrail(current, same, 'class')).toBe(current);
    const other = { board: { id: 'icse', name: 'ICSE' }, class: { id: 'c9', name: 'Class 9' } };
    expect(followTrail(current, other, 'class')).toEqual(other);
    const renamed = { ...same, class: { id: 'c10', name: 'Class X' } };
    expect(followTrail(current, renamed, 'class')).toEqual({ ...current, class: renamed.class });
  });
});

describe('the catalogue screens with ids in their URLs', () => {
  it('opens /GetSubject?class=<id> in a fresh tab: that class, and the breadcrumb from its records', async () => {
    const calls = serve({
      '/getSubjects': (url) =>
        json(200, {
          data: url.searchParams.get('class_id') === 'c10' ? [subject('maths', 'Mathematics')] : [],
        }),
    });
    renderAt('/GetSubject?class=c10');
    await screen.findByRole('heading', { name: 'Mathematics' }, WAIT);
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' }, WAIT);
    expect(within(crumbs).getByRole('link', { name: 'CBSE' }).getAttribute('href')).toBe(
      '/GetBoard',
    );
    expect(within(crumbs).getByRole('link', { name: 'Class 10' }).getAttribute('href')).toBe(
      '/GetClasses?board=cbse',
    );
    expect(useSession.getState().selections).toEqual({
      board: { id: 'cbse', name: 'CBSE' },
      class: { id: 'c10', name: 'Class 10' },
    });
    expect(String(calls.mock.calls[0]?.[0])).toContain('class_id=c10');
  });

  it('takes the id in the URL over a stored selection of another record', async () => {
    useSession.setState({
      selections: { board: { id: 'icse', name: 'ICSE' }, class: { id: 'c9', name: 'Class 9' } },
    });
    serve({
      '/getSubjects': (url) =>
        json(200, {
          data: url.searchParams.get('class_id') === 'c10' ? [subject('maths', 'Mathematics')] : [],
        }),
    });
    renderAt('/GetSubject?class=c10');
    await screen.findByRole('heading', { name: 'Mathematics' }, WAIT);
    await screen.findByRole('link', { name: 'Class 10' }, WAIT);
    expect(screen.queryByText('Class 9')).toBeNull();
  });

  it('falls back to the stored selection when the URL has no id (the old flows)', async () => {
    useSession.setState({ selections: { board: { id: 'cbse', name: 'CBSE' } } });
    const calls = serve({ '/getClasses': () => json(200, { data: [] }) });
    renderAt('/GetClasses');
    await screen.findByText('No classes available.', undefined, WAIT);
    expect(String(calls.mock.calls[0]?.[0])).toContain('board_id=cbse');
  });

  it('names the board of an empty class list from the boards list', async () => {
    serve({
      '/getClasses': () => json(200, { data: [] }),
      '/getBoards': () =>
        json(200, {
          data: [{ board_id: 'cbse', board_name: 'CBSE', image_url: '', free_course: false }],
        }),
    });
    renderAt('/GetClasses?board=cbse');
    await screen.findByText('No classes available.', undefined, WAIT);
    await screen.findByRole('link', { name: 'CBSE' }, WAIT);
  });

  it('says where to start when a screen has neither an id in its URL nor a selection', () => {
    const calls = serve({});
    renderAt('/GetSubSubject');
    expect(screen.getByText('Choose a subject first to see its sub-subjects.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start from Boards' }).getAttribute('href')).toBe(
      '/GetBoard',
    );
    expect(screen.queryByText('No Sub available.')).toBeNull();
    expect(calls).not.toHaveBeenCalled();
  });

  it('makes each whole card one link with the id, and the title opens it too', async () => {
    serve({
      '/getBoards': () =>
        json(200, {
          data: [{ board_id: 'cbse', board_name: 'CBSE', image_url: '', free_course: true }],
        }),
    });
    renderAt('/GetBoard');
    const title = await screen.findByRole('heading', { name: 'CBSE' }, WAIT);
    const link = title.closest('a');
    expect(link?.getAttribute('href')).toBe('/GetClasses?board=cbse');
    expect(link?.querySelector('img')).not.toBeNull();
    fireEvent.click(title);
    expect(screen.getByTestId('where').textContent).toBe('/GetClasses?board=cbse');
    expect(useSession.getState().selections.board).toEqual({ id: 'cbse', name: 'CBSE' });
  });

  it('sends a subject not bought to its subject page with the contract toast; Free, never ₹0', async () => {
    serve({
      '/getSubjects': () =>
        json(200, {
          data: [
            subject('maths', 'Mathematics'),
            subject('art', 'Art', { free_course: true, subject_price: 0 }),
          ],
        }),
    });
    renderAt('/GetSubject?class=c10');
    const maths = (await screen.findByRole('heading', { name: 'Mathematics' }, WAIT)).closest('a');
    expect(maths?.getAttribute('href')).toBe('/subjects/maths');
    const art = screen.getByRole('heading', { name: 'Art' }).closest('article');
    expect(art?.querySelector('a')?.getAttribute('href')).toBe('/GetSubSubject?subject=art');
    expect(art?.textContent).not.toContain('₹0');
    fireEvent.click(maths as HTMLElement);
    expect(screen.getByTestId('where').textContent).toBe('/subjects/maths');
    expect(useToasts.getState().toasts.map((t) => t.text)).toEqual([
      "You haven't bought the course !!",
    ]);
  });

  it('makes chapter rows links to their lessons, not focusable rows', async () => {
    serve({
      '/getChapters': () =>
        json(200, {
          data: [
            {
              chapter_id: 'ch1',
              chapter_name: 'Lines',
              chapter_description: 'Straight and curved',
              sub_subject_id: 'draw',
              sub_subject_name: 'Drawing',
              subject_id: 'art',
              subject_name: 'Art',
              class_id: 'c10',
              class_name: 'Class 10',
              board_id: 'cbse',
              board_name: 'CBSE',
              serial_no: 1,
            },
          ],
        }),
    });
    renderAt('/GetChapters?subSubject=draw');
    const link = await screen.findByRole('link', { name: 'Lines' }, WAIT);
    expect(link.getAttribute('href')).toBe('/GetTopic?chapter=ch1');
    expect(link.closest('tr')?.hasAttribute('tabindex')).toBe(false);
    fireEvent.click(screen.getByText('Straight and curved'));
    expect(screen.getByTestId('where').textContent).toBe('/GetTopic?chapter=ch1');
    expect(useSession.getState().selections.chapter).toEqual({ id: 'ch1', name: 'Lines' });
    expect(useSession.getState().selections.subSubject).toEqual({ id: 'draw', name: 'Drawing' });
  });

  it('shows a failed load as an error with Try again, never as the empty text', async () => {
    let fail = true;
    serve({
      '/getBoards': () =>
        fail
          ? json(500, { message: 'Internal server error', code: 'INTERNAL' })
          : json(200, {
              data: [{ board_id: 'cbse', board_name: 'CBSE', image_url: '', free_course: false }],
            }),
    });
    renderAt('/GetBoard');
    expect((await screen.findByRole('alert', undefined, WAIT)).textContent).toContain(
      "We couldn't load the boards.",
    );
    expect(screen.queryByText('No boards available.')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'CBSE' }, WAIT);
  });
});
