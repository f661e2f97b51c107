import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { UserPurchasePage } from './video-pages.tsx';
import { useSession } from '../../lib/session.ts';
import { signInForTest } from '../../test/session.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  signInForTest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json(200, {
        data: [
          {
            board_name: 'CBSE',
            class_id: 'c-10',
            class_name: 'Class 10',
            class_price: 999,
            subject_id: 's-1',
            subject_name: 'Mathematics',
            subject_price: 499,
          },
        ],
      }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ isAuthenticated: false, role: null });
});

it('offers Open, never Purchase, on a subject already bought (/UserPurchase)', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <UserPurchasePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: 'Open Mathematics' });
  expect(screen.queryByRole('button', { name: /purchase/i })).toBeNull();
});
