import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client.ts';
import { apiPath } from './api-paths.ts';
import { useSession } from './session.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ isAuthenticated: false, role: null, user: null });
});

describe('the HTTP client', () => {
  it('turns an error answer into an ApiError with the server’s message and code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { message: 'Already in your cart.', code: 'CONFLICT' })),
    );
    const err = await api('POST', apiPath('cart.insert'), { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Already in your cart.' });
  });

  it('refreshes the access token once on a 401 and retries with the new one', async () => {
    useSession
      .getState()
      .signIn('learner', { name: 'A', email: 'a@x.in' }, 'old-token', 'refresh-1');
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/login/refresh'))
        return json(200, { accessToken: 'new-token', expires_in: 3600 });
      const auth = (init?.headers as Record<string, string>).authorization;
      return auth === 'Bearer new-token'
        ? json(200, { message: 'ok', data: [1] })
        : json(401, { message: 'expired', code: 'UNAUTHENTICATED' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const res = await api<{ data: number[] }>('GET', apiPath('cart.get'));
    expect(res.data).toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[1]![0]).toBe(apiPath('learner.login.refresh'));
    expect(sessionStorage.getItem('accessToken')).toBe('new-token');
  });
});
