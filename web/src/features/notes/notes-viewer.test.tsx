import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotesViewer } from './notes-viewer.tsx';
import { t } from '../../lib/i18n.ts';
import { usePageParam } from './use-page-param.ts';
import type { NotesDocument, OpeningNotes } from './pdf.ts';

/*
 * pdf.js is mocked at its edge (pdf.ts): a document of three A4 pages whose drawings are recorded.
 */
const drawn: { page: number; scale: number; pixelRatio: number }[] = [];
const opened: string[] = [];
let failOpen = false;

function fakeDocument(pageCount: number): NotesDocument {
  return {
    pageCount,
    size: () => Promise.resolve(48 * 1024),
    close: () => undefined,
    page: (n) =>
      Promise.resolve({
        width: 595,
        height: 842,
        render: (_canvas, scale, pixelRatio) => {
          drawn.push({ page: n, scale, pixelRatio });
          return { done: Promise.resolve(), cancel: () => undefined };
        },
      }),
  };
}

vi.mock('./pdf.ts', () => ({
  isCancelled: () => false,
  openNotes: (url: string): OpeningNotes => {
    opened.push(url);
    return {
      done: failOpen ? Promise.reject(new Error('403')) : Promise.resolve(fakeDocument(3)),
      cancel: () => undefined,
    };
  },
}));

const URL_SIGNED = '/media/private/notes/algebra.pdf?X-Amz-Signature=abc';
let where = '';
let navigation = '';

function Harness({ onRetry }: { onRetry?: () => void }) {
  const [page, setPage] = usePageParam();
  const location = useLocation();
  where = `${location.pathname}${location.search}`;
  navigation = useNavigationType();
  return (
    <NotesViewer
      url={URL_SIGNED}
      title="Linear Equations: Introduction"
      page={page}
      onPage={setPage}
      backTo="/GetTopic?chapter=ch1&topic=t1"
      onRetry={onRetry}
    />
  );
}

const renderAt = (path: string, onRetry?: () => void) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/Notes" element={<Harness onRetry={onRetry} />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  drawn.length = 0;
  opened.length = 0;
  failOpen = false;
  // jsdom lays nothing out: the page's box is as wide as a 360 px phone's content.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(328);
});
afterEach(() => vi.restoreAllMocks());

describe('the notes viewer', () => {
  it('opens the signed notes and draws the page the URL names, fitted to the width', async () => {
    renderAt('/Notes?topic=t1&page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    await waitFor(() => expect(drawn.at(-1)?.page).toBe(2));
    expect(opened).toEqual([URL_SIGNED]);
    expect(drawn.at(-1)!.scale).toBeCloseTo(328 / 595);
    expect(screen.getByRole('img', { name: 'Page 2 of 3 of the notes' })).toBeTruthy();
  });

  it('moves to the next and previous page, replacing the page in the URL', async () => {
    renderAt('/Notes?topic=t1');
    await screen.findByText('Page 1 of 3');
    // Above the page and under it, for a learner who has read to its end.
    const buttons = (name: string) => screen.getAllByRole<HTMLButtonElement>('button', { name });
    expect(buttons('Previous page').map((b) => b.disabled)).toEqual([true, true]);

    fireEvent.click(buttons('Next page')[0]!);
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(where).toBe('/Notes?topic=t1&page=2');
    expect(navigation).toBe('REPLACE');
    await waitFor(() => expect(drawn.at(-1)?.page).toBe(2));

    fireEvent.click(buttons('Next page')[1]!);
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect(buttons('Next page').map((b) => b.disabled)).toEqual([true, true]);

    fireEvent.change(screen.getByLabelText('Go to page'), { target: { value: '1' } });
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(where).toBe('/Notes?topic=t1&page=1');
  });

  it('shows the last page for a page past the end, and says so in the URL', async () => {
    renderAt('/Notes?topic=t1&page=9');
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    await waitFor(() => expect(where).toBe('/Notes?topic=t1&page=3'));
    expect(drawn.every((d) => d.page === 3)).toBe(true);
  });

  it('zooms in and out by steps, drawing the page again at each', async () => {
    renderAt('/Notes?topic=t1');
    await screen.findByText('Page 1 of 3');
    const zoomOutButton = screen.getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement;
    expect(zoomOutButton.disabled).toBe(true);
    await waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    const fit = drawn.at(-1)!.scale;

    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('125%')).toBeTruthy();
    await waitFor(() => expect(drawn.at(-1)!.scale).toBeCloseTo(fit * 1.25));
    expect(zoomOutButton.disabled).toBe(false);

    fireEvent.click(zoomOutButton);
    expect(screen.getByText('100%')).toBeTruthy();
    await waitFor(() => expect(drawn.at(-1)!.scale).toBeCloseTo(fit));
  });

  it('offers the PDF itself: opened at the page in a new tab, or downloaded with its size', async () => {
    renderAt('/Notes?topic=t1&page=2');
    await screen.findByText('Page 2 of 3');
    const open = screen.getByRole('link', { name: 'Open the PDF' });
    expect(open.getAttribute('href')).toBe(`${URL_SIGNED}#page=2`);
    expect(open.getAttribute('target')).toBe('_blank');
    const download = await screen.findByRole('link', { name: 'Download (48 KB)' });
    expect(download.getAttribute('href')).toBe(URL_SIGNED);
    expect(download.getAttribute('download')).toBe('Linear-Equations-Introduction.pdf');
    expect(screen.getByRole('link', { name: 'Back to the lesson' }).getAttribute('href')).toBe(
      '/GetTopic?chapter=ch1&topic=t1',
    );
  });

  it('says it could not open the notes, and tries again on request', async () => {
    failOpen = true;
    const onRetry = vi.fn();
    renderAt('/Notes?topic=t1', onRetry);
    expect((await screen.findByRole('alert')).textContent).toContain(t('notes.failed'));

    failOpen = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(onRetry).toHaveBeenCalledOnce();
    expect(opened).toHaveLength(2);
  });
});
