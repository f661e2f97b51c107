import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassDetail } from '@gia/shared/catalogue-records.ts';
import { ClassDetailPage, classPriceText } from './class-pages.tsx';

const subject = (id: string, price: number, free = false) => ({
  subject_id: id,
  subject_name: `Subject ${id}`,
  class_id: 'c1',
  board_id: 'b1',
  subject_price: price,
  subject_image_url: '',
  free_course: free,
  subject_created_date: '2026-01-01',
  topics: [],
});
const detail = (subjects: ClassDetail['subjects'], free = false): ClassDetail => ({
  class_id: 'c1',
  class_name: 'Class 9',
  board_id: 'b1',
  class_price: 900,
  class_image_url: '',
  image_url: '',
  free_course: free,
  description: 'All subjects',
  class_created_at: '2026-01-01',
  board_name: 'CBSE',
  subjects,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the class page', () => {
  it('never offers the class price: subjects from the cheapest paid one, or Free', () => {
    expect(
      classPriceText(detail([subject('a', 499), subject('b', 299), subject('c', 0, true)])),
    ).toBe('Subjects from ₹299');
    expect(classPriceText(detail([subject('a', 0, true)]))).toBe('Free');
    expect(classPriceText(detail([subject('a', 499)], true))).toBe('Free');
  });

  it("gives each subject its action and a link to its page, and says an unknown class doesn't exist", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path.endsWith('/c1')
          ? json(200, { data: detail([subject('a', 499), subject('b', 0, true)]) })
          : json(404, { message: 'Class not found.', code: 'NOT_FOUND' }),
      ),
    );
    const at = (path: string) =>
      render(
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route
                path="/classes/:classId"
                element={
                  <ClassDetailPage
                    subjectAction={(s) => <button type="button">Action {s.subject_name}</button>}
                  />
                }
              />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>,
      );
    const page = at('/classes/c1');
    expect(await screen.findByText('Subjects from ₹499')).toBeTruthy();
    expect(screen.queryByText('₹900')).toBeNull();
    const a = screen.getByRole('button', { name: 'Subject a' }).closest('section')!;
    expect(within(a).getByRole('button', { name: 'Action Subject a' })).toBeTruthy();
    expect(within(a).getByRole('link', { name: 'View subject' }).getAttribute('href')).toBe(
      '/subjects/a',
    );
    expect(a.querySelector('.accordion-chevron')).toBeTruthy();
    const b = screen.getByRole('button', { name: 'Subject b' }).closest('section')!;
    expect(within(b).queryByText('₹0')).toBeNull();
    page.unmount();

    at('/classes/c2');
    expect(await screen.findByText('This class does not exist.')).toBeTruthy();
  });
});
