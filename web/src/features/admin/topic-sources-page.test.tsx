import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TopicSourcesPage } from './topic-sources-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const sources = (pages: { page: number; text: string; corrected: boolean }[]) => ({
  topic_id: 't1',
  notes: { status: 'ready', pages },
  captions: [{ language: 'en', cues: [{}, {}] }],
  description: 'Akbar’s reign',
});

afterEach(() => vi.unstubAllGlobals());

describe('the topic sources screen', () => {
  it('shows the notes’ state and pages, saves a corrected page and restores the extracted text', async () => {
    const updates: unknown[] = [];
    let pages = [
      { page: 1, text: 'Akb@r rul3d', corrected: false },
      { page: 2, text: 'Page two', corrected: false },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        const p = String(path);
        if (p.includes('/getTopicSources?topic_id=t1')) {
          return json(200, { message: 'Topic sources loaded.', data: sources(pages) });
        }
        if (p.includes('/updateTopicSources')) {
          const body = JSON.parse(String(init?.body)) as {
            pages: { page: number; text: string }[];
          };
          updates.push(body);
          const [change] = body.pages;
          pages = pages.map((x) =>
            x.page === change!.page
              ? change!.text
                ? { page: x.page, text: change!.text, corrected: true }
                : { page: x.page, text: 'Akb@r rul3d', corrected: false }
              : x,
          );
          return json(200, { message: 'Topic sources updated.', data: sources(pages) });
        }
        if (p.includes('/getTopics')) return json(200, { message: 'ok', data: [] });
        return json(200, { message: 'ok', data: [] });
      }),
    );
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter initialEntries={['/TopicSources?topic=t1']}>
          <TopicSourcesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    await screen.findByText('The notes were read.');
    expect(screen.getByText('en: 2 cues')).toBeTruthy();
    expect(screen.getByText('Akbar’s reign')).toBeTruthy();
    const page1 = (await screen.findByLabelText('Page 1')) as HTMLTextAreaElement;
    expect(page1.value).toBe('Akb@r rul3d');
    expect(screen.queryByRole('button', { name: 'Restore extracted text' })).toBeNull();

    fireEvent.change(page1, { target: { value: 'Akbar ruled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save page 1' }));
    await screen.findByText('Corrected');
    expect(updates).toEqual([{ topic_id: 't1', pages: [{ page: 1, text: 'Akbar ruled' }] }]);
    expect((screen.getByLabelText('Page 1') as HTMLTextAreaElement).value).toBe('Akbar ruled');

    fireEvent.click(screen.getByRole('button', { name: 'Restore extracted text' }));
    await waitFor(() => expect(screen.queryByText('Corrected')).toBeNull());
    expect(updates[1]).toEqual({ topic_id: 't1', pages: [{ page: 1, text: '' }] });
    expect((screen.getByLabelText('Page 1') as HTMLTextAreaElement).value).toBe('Akb@r rul3d');
  });
});
