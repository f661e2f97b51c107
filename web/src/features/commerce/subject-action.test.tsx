import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../components/toast.tsx';
import { useSession } from '../../lib/session.ts';
import { SubjectAction } from './subject-action.tsx';
import { signInForTest } from '../../test/session.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const cartItem = (subjectId: string) => ({
  cart_id: `c-${subjectId}`,
  subject_id: subjectId,
  subject_name: 'Physics',
  subject_price: 300,
  board_name: 'CBSE',
  class_name: 'Class 8',
});
const purchased = (subjectId: string) => ({
  subject_id: subjectId,
  subject_name: 'Physics',
  class_id: 'c8',
  class_name: 'Class 8',
  board_id: 'b1',
  board_name: 'CBSE',
});

/** A server holding a cart and the learner's purchases; adding puts the subject in the cart. */
function stubServer(state: { cart: string[]; owned: string[]; progress?: unknown[] }) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path.endsWith('/getCourseProgress')) {
      return json(200, { message: 'ok', data: state.progress ?? [] });
    }
    if (path.endsWith('/getUSER_CART')) {
      return json(200, { message: 'Cart items', data: state.cart.map(cartItem), total: 0 });
    }
    if (path.endsWith('/getsubjects_purchased')) {
      return json(200, { message: 'ok', data: state.owned.map(purchased) });
    }
    if (path.endsWith('/insertUSER_CART')) {
      const body = JSON.parse(String(init?.body)) as { subject_id: string };
      state.cart.push(body.subject_id);
      return json(201, {
        message: 'Added Successfully',
        data: { cart_id: `c-${body.subject_id}`, subject_id: body.subject_id },
        cart: { data: state.cart.map(cartItem), total: 0 },
      });
    }
    return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn() {
  signInForTest({ role: 'learner', user: { name: 'Asha', email: 'asha@example.com' } });
}

const Where = () => {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
};

const renderAction = (props: Parameters<typeof SubjectAction>[0]) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/subjects/s1']}>
        <Routes>
          <Route path="*" element={<SubjectAction {...props} />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ isAuthenticated: false, role: null, user: null });
  useToasts.setState({ toasts: [] });
});

describe('what a subject offers', () => {
  it('offers a visitor Add to Cart, which asks them to sign in and come back here', async () => {
    const fetchMock = stubServer({ cart: [], owned: [] });
    renderAction({ subjectId: 's1' });
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByTestId('where').textContent).toBe('/signin?redirect=%2Fsubjects%2Fs1');
    // A visitor's cart and purchases are never asked for.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says Free and Start learning for a free course, never ₹0 or Add to Cart', () => {
    stubServer({ cart: [], owned: [] });
    renderAction({ subjectId: 's1', freeCourse: true });
    expect(screen.getByText('Free')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start learning' }).getAttribute('href')).toBe(
      '/GetSubSubject?subject=s1',
    );
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('says Owned and Continue learning for a subject the learner bought', async () => {
    signIn();
    stubServer({ cart: [], owned: ['s1'] });
    renderAction({ subjectId: 's1' });
    expect(await screen.findByText('Owned')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue learning' }).getAttribute('href')).toBe(
      '/GetSubSubject?subject=s1',
    );
  });

  it('continues at the topic the learner watched last in the subject', async () => {
    signIn();
    stubServer({
      cart: [],
      owned: ['s1'],
      progress: [
        {
          ...purchased('s1'),
          subject_image_url: '',
          owned: true,
          topics_total: 5,
          topics_watched: 2,
          last: { chapter_id: 'ch3', topic_id: 't7', topic_name: 'Vectors' },
          first: { chapter_id: 'ch1', topic_id: 't1', topic_name: 'Intro' },
        },
      ],
    });
    renderAction({ subjectId: 's1' });
    await screen.findByText('Owned');
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Continue learning' }).getAttribute('href')).toBe(
        '/GetTopic?chapter=ch3&topic=t7',
      ),
    );
  });

  it('continues where the app says when it passes a target', async () => {
    signIn();
    stubServer({ cart: [], owned: ['s1'] });
    renderAction({ subjectId: 's1', continueTo: '/GetTopic?chapter=ch1&topic=t2' });
    const link = await screen.findByRole('link', { name: 'Continue learning' });
    expect(link.getAttribute('href')).toBe('/GetTopic?chapter=ch1&topic=t2');
  });

  it('says In cart and Go to cart for a subject already in the cart', async () => {
    signIn();
    stubServer({ cart: ['s1'], owned: [] });
    renderAction({ subjectId: 's1' });
    expect(await screen.findByText('In cart')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to cart' }).getAttribute('href')).toBe(
      '/CartScreen',
    );
  });

  it('turns Add to Cart into In cart / Go to cart once added, without a reload', async () => {
    signIn();
    const fetchMock = stubServer({ cart: ['other'], owned: [] });
    renderAction({ subjectId: 's1' });
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    await vi.waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    expect(await screen.findByRole('link', { name: 'Go to cart' })).toBeTruthy();
    expect(screen.getByText('In cart')).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(([p]) => String(p).endsWith('/insertUSER_CART')).length,
    ).toBe(1);
    expect(useToasts.getState().toasts.map((t) => t.text)).toContain('Added Successfully');
  });

  it('shows the cart the add answered, without reading the cart again', async () => {
    signIn();
    const fetchMock = stubServer({ cart: [], owned: [] });
    renderAction({ subjectId: 's1' });
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    await vi.waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    const cartReads = () =>
      fetchMock.mock.calls.filter(([p]) => String(p).endsWith('/getUSER_CART')).length;
    const readsBefore = cartReads();

    fireEvent.click(add);

    expect(await screen.findByText('In cart')).toBeTruthy();
    expect(cartReads()).toBe(readsBefore);
  });
});
