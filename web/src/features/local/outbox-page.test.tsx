import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '../../lib/api-paths.ts';
import { noOutbox, OutboxPage } from './outbox-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderAt = (start: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[start]}>
        <Routes>
          <Route path="/local/outbox" element={<OutboxPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const sent = [
  {
    to: 'asha@example.in',
    subject: 'Your GIA School sign-in code',
    text: 'Your code is 482913. It works once, for 10 minutes.',
    sent_at: '2026-11-27T10:05:00.000Z',
  },
  {
    to: 'asha@example.in',
    subject: 'Reset your GIA School password',
    text: 'Your code is 118822.',
    sent_at: '2026-11-27T10:00:00.000Z',
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('the local outbox', () => {
  it('lists what was sent, newest first, with each code readable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { data: sent })),
    );
    renderAt('/local/outbox');

    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Your GIA School sign-in code',
      'Reset your GIA School password',
    ]);
    expect(items[0]!.textContent).toContain('482913');
    expect(items[0]!.textContent).toContain('asha@example.in');
    expect(items[0]!.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-27T10:05:00.000Z',
    );
  });

  it('asks for one address when filtered', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, { data: [] }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/local/outbox');
    await screen.findByText('Nothing was sent yet.');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'ravi@example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));

    await screen.findByText('Nothing was sent to ravi@example.in yet.');
    expect(fetchMock.mock.calls.at(-1)![0]).toBe(
      apiPath('local.outbox', undefined, { to: 'ravi@example.in' }),
    );
  });

  it('says it exists only on the local stack where the API has none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { message: 'Not found', code: 'NOT_FOUND' })),
    );
    renderAt('/local/outbox');
    expect((await screen.findByText(noOutbox())).textContent).toBe(
      'The outbox exists only on the local stack.',
    );
  });
});
