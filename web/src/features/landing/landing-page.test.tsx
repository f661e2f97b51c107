import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LandingPage from './landing-page.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const cls = (id: string, name: string, fields: object) => ({
  class_id: id,
  class_name: name,
  board_id: 'b1',
  board_name: 'CBSE',
  class_image_url: '',
  description: '',
  ...fields,
});

afterEach(() => vi.unstubAllGlobals());

describe('the landing page’s popular courses', () => {
  it('shows no class price, since a class cannot be bought (its subjects are)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        json({
          message: 'ok',
          data: String(path).includes('/getClasses')
            ? [
                cls('c10', 'Class 10', { class_price: 999, free_course: false }),
                cls('c8', 'SSLC Class 8', { class_price: 0, free_course: true }),
              ]
            : [],
          next_cursor: null,
        }),
      ),
    );

    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const paid = (await screen.findByRole('heading', { name: 'Class 10' })).closest('article')!;
    expect(within(paid).getByText('CBSE')).toBeTruthy();
    expect(paid.textContent).not.toMatch(/₹|N\/A/);
    const free = screen.getByRole('heading', { name: 'SSLC Class 8' }).closest('article')!;
    expect(within(free).getByText('Free')).toBeTruthy();
  });
});
