import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryState, type QueryLike } from './query-state.tsx';

const list = (names: string[]) => (
  <ul>
    {names.map((n) => (
      <li key={n}>{n}</li>
    ))}
  </ul>
);

const state = (query: QueryLike<string[]>, skeleton: 'cards' | 'table' | 'list' = 'cards') =>
  render(
    <QueryState query={query} what="the boards" empty="No boards available." skeleton={skeleton}>
      {list}
    </QueryState>,
  );

const base = { data: undefined, isError: false, isFetching: true, refetch: () => undefined };

describe('QueryState', () => {
  it('shows a busy skeleton of the layout while loading, never the empty text', () => {
    const { container } = state(base);
    const busy = container.querySelector('[aria-busy="true"]');
    expect(busy?.classList.contains('cat-grid')).toBe(true);
    expect(container.querySelectorAll('.skeleton-card').length).toBeGreaterThan(0);
    expect(screen.getByRole('status').textContent).toContain('Loading the boards…');
    expect(screen.queryByText('No boards available.')).toBeNull();
  });

  it('draws table rows or list rows when the layout is a table or a list', () => {
    const table = state(base, 'table');
    expect(table.container.querySelectorAll('tr').length).toBe(5);
    table.unmount();
    const rows = state(base, 'list');
    expect(rows.container.querySelectorAll('.skeleton-row').length).toBe(5);
  });

  it('shows a failure as an alert with Try again that refetches, not as the empty text', () => {
    const refetch = vi.fn();
    state({ data: undefined, isError: true, isFetching: false, refetch });
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load the boards.");
    expect(screen.queryByText('No boards available.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty text only for a successful empty answer, and the content otherwise', () => {
    const empty = state({ ...base, data: [], isFetching: false });
    expect(screen.getByText('No boards available.').className).toBe('empty');
    empty.unmount();
    state({ ...base, data: ['CBSE'], isError: true, isFetching: false });
    // Data already on screen stays when a later refetch fails.
    expect(screen.getByText('CBSE').tagName).toBe('LI');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('recovers with a real query: the first load fails, Try again loads the list', async () => {
    const fetchBoards = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new Error('500'))
      .mockResolvedValueOnce(['CBSE', 'ICSE']);
    function Boards() {
      const q = useQuery({ queryKey: ['b'], queryFn: fetchBoards, retry: false });
      return (
        <QueryState query={q} what="the boards" empty="No boards available." skeleton="cards">
          {list}
        </QueryState>
      );
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Boards />
      </QueryClientProvider>,
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fireEvent.click(retry);
    expect(await screen.findByText('ICSE')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(fetchBoards).toHaveBeenCalledTimes(2);
  });
});
