import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseProgress } from '@gia/shared';
import { useSession } from '../../lib/session.ts';
import { MyCoursePage } from './my-courses-page.tsx';
import { signInForTest } from '../../test/session.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const course: CourseProgress = {
  subject_id: 's1',
  subject_name: 'Mathematics',
  subject_image_url: '',
  class_id: 'c1',
  class_name: 'Class 10',
  board_id: 'b1',
  board_name: 'CBSE',
  owned: true,
  topics_total: 9,
  topics_watched: 1,
  topics_mastered: 0,
  last: null,
  first: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ isAuthenticated: false, role: null, user: null });
});

describe('My Courses', () => {
  it('names each course with a heading one level below the page’s, never skipping a level', async () => {
    signInForTest({ role: 'learner', user: { name: 'Asha', email: 'a@x.in' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'ok', data: [course] })),
    );

    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <MyCoursePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    await screen.findByRole('heading', { name: 'Mathematics' });
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels).toEqual([1, 2]);
  });
});
