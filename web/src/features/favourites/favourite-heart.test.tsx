import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../components/toast.tsx';
import { useSession } from '../../lib/session.ts';
import { FavouriteHeart } from './favourite-heart.tsx';
import { signInForTest } from '../../test/session.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const favourite = (subjectId: string) => ({
  favorite_id: `f-${subjectId}`,
  subject_id: subjectId,
  subject_name: 'Mathematics',
  subject_price: 500,
  class_id: 'c10',
  class_name: 'Class 10',
  board_id: 'b1',
  board_name: 'CBSE',
});

/** A server that keeps the learner's favourites: the heart's saves must reach it. */
function stubServer(saved: string[]) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path.endsWith('/getuser_favorites')) {
      return json(200, { message: 'ok', data: saved.map(favourite) });
    }
    if (path.endsWith('/insertuser_favorites') && init?.method === 'POST') {
      saved.push((JSON.parse(String(init.body)) as { subject_id: string }).subject_id);
      return json(200, { message: 'Mathematics has been added to favorites.' });
    }
    const removed = /\/f-([^/?]+)/.exec(path)?.[1];
    if (init?.method === 'DELETE' && removed && saved.includes(removed)) {
      saved.splice(saved.indexOf(removed), 1);
      return json(200, { message: 'Mathematics has been removed from favorites.' });
    }
    return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderHeart = (subjectName?: string) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/GetSubSubject?subject=s1']}>
        <FavouriteHeart subjectId="s1" subjectName={subjectName} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ isAuthenticated: false, role: null, user: null });
  useToasts.setState({ toasts: [] });
});

// Walkthrough bug 12: the sub-subject screen's heart said "Added To favorite" and saved nothing.
describe('the favourite heart', () => {
  it('on the sub-subject screen saves the subject, then unsaves it, as the server keeps it', async () => {
    signInForTest({ role: 'learner', user: { name: 'Asha', email: 'asha@example.com' } });
    const saved: string[] = [];
    const fetchMock = stubServer(saved);
    renderHeart('Mathematics');

    fireEvent.click(await screen.findByRole('button', { name: 'Add Mathematics to favourites' }));
    // Saved on the server, and the heart says so once the favourites are read again.
    await screen.findByRole('button', { name: 'Remove Mathematics from favourites' });
    expect(saved).toEqual(['s1']);
    expect(
      fetchMock.mock.calls.some(
        ([path, init]) => path.endsWith('/insertuser_favorites') && init?.method === 'POST',
      ),
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Mathematics from favourites' }));
    await screen.findByRole('button', { name: 'Add Mathematics to favourites' });
    expect(saved).toEqual([]);
  });

  it('on a card is a pressed toggle that saves and unsaves', async () => {
    signInForTest({ role: 'learner', user: { name: 'Asha', email: 'asha@example.com' } });
    const saved: string[] = [];
    stubServer(saved);
    renderHeart();

    const heart = await screen.findByRole('button', { name: 'Add to favourites' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Remove from favourites' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(saved).toEqual(['s1']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove from favourites' }));
    await screen.findByRole('button', { name: 'Add to favourites' });
    expect(saved).toEqual([]);
  });
});
